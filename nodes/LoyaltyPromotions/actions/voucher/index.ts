import type { ResourceDefinition } from '../types';
import { adjustBalance } from './adjustBalance';
import { create } from './create';
import { deleteVoucher } from './delete';
import { exportTransactions } from './exportTransactions';
import { disable, enable } from './enable';
import { get } from './get';
import { getAll } from './getAll';
import { getManyTransactions } from './getManyTransactions';
import { getRedemptions } from './getRedemptions';
import { importVouchers } from './import';
import { importVouchersCsv } from './importCsv';
import { releaseSession } from './releaseSession';
import { searchVouchers } from './search';
import { update } from './update';
import { updateInBulk } from './updateInBulk';
import { updateMetadataInBulk } from './updateMetadataInBulk';

export const voucher: ResourceDefinition = {
	value: 'voucher',
	name: 'Voucher',
	auth: 'appKeysOrOAuth2',
	operations: [create, get, update, deleteVoucher, getAll, enable, disable, adjustBalance, getManyTransactions, updateInBulk, updateMetadataInBulk, importVouchers, importVouchersCsv, releaseSession, exportTransactions, getRedemptions],
	methods: { listSearch: { searchVouchers } },
};
