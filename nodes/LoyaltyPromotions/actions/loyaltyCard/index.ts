import type { ResourceDefinition } from '../types';
import { activatePendingPointBucket } from './activatePendingPointBucket';
import { adjustPoints } from './adjustPoints';
import { cancelPendingPointBucket } from './cancelPendingPointBucket';
import { expirePointBucket } from './expirePointBucket';
import { getManyActivities } from './getManyActivities';
import { getManyExpiringPointBuckets } from './getManyExpiringPointBuckets';
import { getManyPendingPointBuckets } from './getManyPendingPointBuckets';
import { getManyTransactions } from './getManyTransactions';
import { searchExpiringPointBuckets, searchMemberCards, searchPendingPointBuckets } from './search';

export const loyaltyCard: ResourceDefinition = {
	value: 'loyaltyCard',
	name: 'Loyalty: Card',
	auth: 'oAuth2OrAppKeys',
	// Get Many Pending Point Buckets first: version 1's only operation, and its default.
	operations: [
		getManyPendingPointBuckets,
		activatePendingPointBucket,
		adjustPoints,
		cancelPendingPointBucket,
		expirePointBucket,
		getManyActivities,
		getManyExpiringPointBuckets,
		getManyTransactions,
	],
	methods: { listSearch: { searchExpiringPointBuckets, searchMemberCards, searchPendingPointBuckets } },
};
