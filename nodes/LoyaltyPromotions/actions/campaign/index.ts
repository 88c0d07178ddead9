import type { ResourceDefinition } from '../types';
import { addVouchers } from './addVouchers';
import { create } from './create';
import { deleteCampaign } from './delete';
import { disable, enable } from './enable';
import { exportTransactions } from './exportTransactions';
import { get } from './get';
import { getAll } from './getAll';
import { getManyTransactions } from './getManyTransactions';
import { getSummary } from './getSummary';
import { importVouchers } from './importVouchers';
import { importVouchersCsv } from './importVouchersCsv';
import { searchCampaignNames, searchCampaigns } from './search';
import { update } from './update';

export const campaign: ResourceDefinition = {
	value: 'campaign',
	name: 'Campaign',
	auth: 'appKeysOrOAuth2',
	operations: [get, getAll, addVouchers, create, update, deleteCampaign, enable, disable, getSummary, getManyTransactions, exportTransactions, importVouchers, importVouchersCsv],
	methods: { listSearch: { searchCampaigns, searchCampaignNames } },
};
