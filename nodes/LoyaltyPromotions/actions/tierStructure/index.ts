import { catalogueOperations, catalogueSearch } from '../../shared/catalogue';
import { TIER_STRUCTURE } from './fields';
import type { ResourceDefinition } from '../types';
import { create } from './create';
import { searchTiers, tierOperations } from './tiers';
import { update } from './update';

export const tierStructure: ResourceDefinition = {
	value: 'tierStructure',
	name: 'Loyalty: Tier Structure',
	auth: 'oAuth2OrAppKeys',
	operations: [
		create,
		update,
		...tierOperations,
		...catalogueOperations(TIER_STRUCTURE, {
			delete: 'Delete a tier structure and its tiers',
			moves: {
				activate: 'Make a draft or inactive tier structure active: members move through its tiers',
				deactivate: 'Make an active tier structure inactive',
				draft: 'Move an active tier structure back to draft, where all its settings can change',
			},
		}),
	],
	methods: { listSearch: { searchTierStructures: catalogueSearch(TIER_STRUCTURE), searchTiers } },
};
