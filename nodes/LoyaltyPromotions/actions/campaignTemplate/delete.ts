import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { campaignTemplateLocator, readCampaignTemplateId } from './fields';

export const deleteTemplate: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a campaign template',
	description: 'Delete a campaign template permanently; the campaigns and tiers made from it stay',
	endpoint: 'DELETE /v1/templates/campaigns/{campaignTemplateId}',
	properties: [campaignTemplateLocator('The template')],
	build: (params) => ({ method: 'DELETE', path: path`/v1/templates/campaigns/${readCampaignTemplateId(params)}` }),
	// The service answers 204 with no body.
	output: (_response, params) => [{ deleted: true, id: readCampaignTemplateId(params) }],
};
