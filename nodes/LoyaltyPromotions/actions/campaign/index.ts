import type { ResourceDefinition } from '../types';
import { addVouchers } from './addVouchers';
import { get } from './get';
import { getAll } from './getAll';
import { searchCampaignNames, searchCampaigns } from './search';

export const campaign: ResourceDefinition = {
	value: 'campaign',
	name: 'Campaign',
	auth: 'appKeysOrOAuth2',
	operations: [get, getAll, addVouchers],
	methods: { listSearch: { searchCampaigns, searchCampaignNames } },
};
