import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { campaignLocator } from './fields';

export const deleteCampaign: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a campaign',
	description: 'Delete a campaign and its vouchers: to the bin, or for good so that its name and codes can be used again',
	endpoint: 'DELETE /v1/campaigns/{campaignId}',
	properties: [
		campaignLocator('campaignId', 'The campaign'),
		{
			displayName: 'Delete Permanently',
			name: 'permanently',
			type: 'boolean',
			default: false,
			description: 'Whether to delete the campaign and its vouchers for good instead of moving them to the bin',
		},
	],
	build: (params) => ({
		method: 'DELETE',
		path: path`/v1/campaigns/${params.id('campaignId', 'Campaign')}`,
		query: params.get<boolean>('permanently', false) === true ? { force: true } : {},
	}),
	// The service answers 202 with the async action that deletes the vouchers.
	output: (response, params) => [{ deleted: true, id: params.id('campaignId', 'Campaign'), async_action_id: response.async_action_id ?? null }],
};
