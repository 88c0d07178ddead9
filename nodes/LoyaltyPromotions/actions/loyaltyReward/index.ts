import { catalogueOperations, catalogueSearch } from '../../shared/catalogue';
import type { ResourceDefinition } from '../types';
import { create } from './create';
import { LOYALTY_REWARD } from './fields';
import { update } from './update';

/** The Loyalty v2 reward catalogue (`lrew_…`): the rewards programs offer and members buy with points. */
export const loyaltyReward: ResourceDefinition = {
	value: 'loyaltyReward',
	name: 'Loyalty: Reward',
	auth: 'oAuth2OrAppKeys',
	operations: [
		create,
		update,
		...catalogueOperations(LOYALTY_REWARD, {
			delete: 'Delete a reward: the service moves it to DELETED',
			moves: {
				activate: 'Make a draft or inactive reward active, so members can purchase it in the programs it is assigned to',
				deactivate: 'Make an active reward inactive: members can no longer purchase it',
				draft: 'Move an active reward back to draft, where all its settings can change (not while a program offers it)',
			},
		}),
	],
	methods: { listSearch: { searchLoyaltyRewards: catalogueSearch(LOYALTY_REWARD) } },
};
