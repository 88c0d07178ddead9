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
	name: 'Loyalty Member',
	auth: 'appKeysOrOAuth2',
	operations: [getManyPendingPoints, getActivity, add, get, getAll, adjustPoints, redeemReward, getManyTransactions],
	methods: { listSearch: { searchLoyaltyCampaigns, searchLoyaltyCards } },
};
