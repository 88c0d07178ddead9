import type { ResourceDefinition } from '../types';
import { get } from './get';
import { getAll } from './getAll';
import { redeem } from './redeem';
import { rollback } from './rollback';
import { searchRedemptions } from './search';

export const redemption: ResourceDefinition = {
	value: 'redemption',
	name: 'Redemption',
	auth: 'appKeysOrOAuth2',
	operations: [redeem, get, getAll, rollback],
	methods: { listSearch: { searchRedemptions } },
};
