import type { ResourceDefinition } from '../types';
import { copy } from './copy';
import { getAll } from './getAll';
import { searchManagementCampaignTemplates } from './search';

/** The campaign templates of any project, through the management API (App Keys' Campaign Template reads the key's project). */
export const managementCampaignTemplate: ResourceDefinition = {
	value: 'managementCampaignTemplate',
	name: 'Management: Campaign Template',
	auth: 'management',
	operations: [getAll, copy],
	methods: { listSearch: { searchManagementCampaignTemplates } },
};
