import type { ResourceDefinition } from '../types';
import { add } from './add';
import { adjustPoints } from './adjustPoints';
import { get } from './get';
import { getActivity } from './getActivity';
import { getAll } from './getAll';
import { getManyPendingPoints } from './getManyPendingPoints';
import { getManyTransactions } from './getManyTransactions';
import { redeemReward } from './redeemReward';
import { searchLoyaltyCampaigns, searchLoyaltyCards } from './search';

export const loyaltyMember: ResourceDefinition = {
	value: 'loyaltyMember',
	// The service has deprecated the whole v1 loyalty API for Loyalty v2; the value stays for saved workflows.
	name: 'Loyalty (Legacy): Member',
	auth: 'appKeysOrOAuth2',
	operations: [getManyPendingPoints, getActivity, add, get, getAll, adjustPoints, redeemReward, getManyTransactions],
	methods: { listSearch: { searchLoyaltyCampaigns, searchLoyaltyCards } },
};
