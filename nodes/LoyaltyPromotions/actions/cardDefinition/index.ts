import { catalogueOperations, catalogueSearch, type CatalogueKind } from '../../shared/catalogue';
import type { ResourceDefinition } from '../types';
import { create } from './create';
import { loadCardDefinitions } from './search';
import { update } from './update';

/** Card definitions in the program catalogue (its locator is Card Definition: Update keeps its dropdown). */
const CARD_DEFINITION: CatalogueKind = {
	noun: 'card definition',
	plural: 'card definitions',
	label: 'Card Definition',
	collection: '/v2/loyalties/card-definitions',
	idName: 'cardDefinition',
	pattern: /^lcdef_[a-f0-9]+$/,
	example: 'lcdef_0a1b2c',
	searchMethod: 'searchCardDefinitions',
	statuses: { ACTIVE: 'Active', DRAFT: 'Draft' },
	activities: { prefix: 'vl.card_definition.', types: ['activated', 'assigned', 'created', 'deactivated', 'deleted', 'drafted', 'unassigned', 'updated'] },
	orders: [['Status', 'status'], ['Type', 'type']],
};

export const cardDefinition: ResourceDefinition = {
	value: 'cardDefinition',
	name: 'Loyalty: Card Definition',
	auth: 'oAuth2OrAppKeys',
	operations: [
		create,
		update,
		...catalogueOperations(CARD_DEFINITION, {
			delete: 'Delete a card definition',
			moves: {
				activate: 'Make a draft card definition active, so programs can issue its cards',
				draft: 'Move an active card definition back to draft, where all its settings can change',
			},
		}),
	],
	methods: { loadOptions: { loadCardDefinitions }, listSearch: { searchCardDefinitions: catalogueSearch(CARD_DEFINITION) } },
};
