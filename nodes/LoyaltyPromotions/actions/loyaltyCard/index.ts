import type { ResourceDefinition } from '../types';
import { getManyPendingPointBuckets } from './getManyPendingPointBuckets';

export const loyaltyCard: ResourceDefinition = {
	value: 'loyaltyCard',
	name: 'Loyalty Card (Beta)',
	auth: 'oAuth2',
	operations: [getManyPendingPointBuckets],
};
