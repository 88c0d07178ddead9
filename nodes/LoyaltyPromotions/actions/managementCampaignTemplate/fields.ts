import type { ProjectCollection } from '../project/collection';

/** A project's campaign templates, as the management API reaches them in any project. */
export const CAMPAIGN_TEMPLATES: ProjectCollection = {
	segment: 'templates/campaigns',
	idParam: 'campaignTemplateId',
	displayName: 'Campaign Template',
	noun: ['campaign template', 'campaign templates'],
	searchMethod: 'searchManagementCampaignTemplates',
	idPlaceholder: 'camt_...',
};
