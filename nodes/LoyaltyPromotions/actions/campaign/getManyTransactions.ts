import type { IDataObject } from 'n8n-workflow';
import { path } from '../../transport/request';
import { cursorFilters, ID_CURSOR_LIST, readCursorQuery } from '../loyaltyMember/fields';
import type { OperationDefinition } from '../types';
import { campaignLocator } from './fields';

export const getManyTransactions: OperationDefinition = {
	value: 'getManyTransactions',
	name: 'Get Many Transactions',
	action: 'Get many transactions of a campaign',
	description: 'List the credit or point movements of all gift cards or loyalty cards of a campaign',
	endpoint: 'GET /v1/campaigns/{campaignId}/transactions',
	properties: [campaignLocator('campaignId', 'The gift card or loyalty campaign'), cursorFilters('id', 'ID')],
	list: ID_CURSOR_LIST,
	build(params) {
		return {
			method: 'GET',
			path: `${path`/v1/campaigns/${params.id('campaignId', 'Campaign')}`}/transactions`,
			query: readCursorQuery(params.get<IDataObject>('filters', {})),
		};
	},
};
