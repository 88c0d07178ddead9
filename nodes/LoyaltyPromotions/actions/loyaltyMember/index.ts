import type { ResourceDefinition } from '../types';
import { getActivity } from './getActivity';
import { getManyPendingPoints } from './getManyPendingPoints';

export const loyaltyMember: ResourceDefinition = {
	value: 'loyaltyMember',
	name: 'Loyalty Member',
	auth: 'appKeysOrOAuth2',
	operations: [getManyPendingPoints, getActivity],
};
