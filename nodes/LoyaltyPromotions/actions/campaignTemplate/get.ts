import { idProperty } from '../../shared/fields';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a campaign template',
	description: 'Retrieve a campaign template, optionally with its JSON template',
	endpoint: 'GET /v1/templates/campaigns/{campaignTemplateId}',
	properties: [
		idProperty('campaignTemplateId', 'Campaign Template ID', 'The campaign template', 'camt_…'),
		{
			displayName: 'Expand JSON Template',
			name: 'expandJsonTemplate',
			type: 'boolean',
			default: false,
			description: 'Whether to include the JSON template of the campaign (expand=json_template)',
		},
	],
	build(params) {
		const campaignTemplateId = params.id('campaignTemplateId', 'Campaign Template ID');
		return {
			method: 'GET',
			path: path`/v1/templates/campaigns/${campaignTemplateId}`,
			query: params.get<boolean>('expandJsonTemplate', false) ? { expand: 'json_template' } : {},
		};
	},
};
