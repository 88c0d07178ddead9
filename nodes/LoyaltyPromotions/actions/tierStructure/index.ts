import { catalogueOperations, catalogueSearch, type CatalogueKind } from '../../shared/catalogue';
import type { ResourceDefinition } from '../types';
import { update } from './update';

/** Tier structures in the program catalogue (its locator is Tier Structure: Update keeps its ID field). */
const TIER_STRUCTURE: CatalogueKind = {
	noun: 'tier structure',
	plural: 'tier structures',
	label: 'Tier Structure',
	collection: '/v2/loyalties/tier-structures',
	idName: 'tierStructure',
	pattern: /^lts_[a-f0-9]+$/,
	example: 'lts_0a1b2c',
	searchMethod: 'searchTierStructures',
	statuses: { ACTIVE: 'Active', DRAFT: 'Draft', INACTIVE: 'Inactive' },
	activities: {
		prefix: 'vl.tier_structure.',
		types: ['activated', 'assigned', 'created', 'deactivated', 'deleted', 'drafted', 'tier.created', 'tier.deleted', 'tier.updated', 'unassigned', 'updated'],
	},
	orders: [['Status', 'status'], ['Type', 'type']],
};

export const tierStructure: ResourceDefinition = {
	value: 'tierStructure',
	name: 'Tier Structure (Beta)',
	auth: 'oAuth2',
	operations: [
		update,
		...catalogueOperations(TIER_STRUCTURE, {
			delete: 'Delete a tier structure and its tiers',
			moves: {
				activate: 'Make a draft or inactive tier structure active: members move through its tiers',
				deactivate: 'Make an active tier structure inactive',
				draft: 'Move an active tier structure back to draft, where all its settings can change',
			},
		}),
	],
	methods: { listSearch: { searchTierStructures: catalogueSearch(TIER_STRUCTURE) } },
};
