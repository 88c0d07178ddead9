import type { ResourceDefinition } from '../types';
import { add } from './add';
import { addInCampaign } from './addInCampaign';
import { getAll } from './getAll';
import { getAllInCampaign } from './getAllInCampaign';
import { remove } from './remove';
import { removeInCampaign } from './removeInCampaign';
import { searchReferralCodes, searchReferralHolders } from './search';

export const referralHolder: ResourceDefinition = {
	value: 'referralHolder',
	name: 'Referral Holder',
	auth: 'appKeysOrOAuth2',
	operations: [getAll, getAllInCampaign, add, addInCampaign, remove, removeInCampaign],
	methods: { listSearch: { searchReferralCodes, searchReferralHolders } },
};
