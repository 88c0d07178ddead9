import { catalogueOperations, catalogueSearch } from '../../shared/catalogue';
import type { ResourceDefinition } from '../types';
import { create } from './create';
import { BENEFIT } from './fields';
import { update } from './update';

export const benefit: ResourceDefinition = {
	value: 'benefit',
	name: 'Loyalty: Benefit',
	auth: 'oAuth2OrAppKeys',
	operations: [
		create,
		update,
		...catalogueOperations(BENEFIT, {
			delete: 'Delete a benefit no earning rule uses (the service refuses one in use)',
			moves: {
				activate: 'Make a draft benefit active, so earning rules can give it (a points benefit needs its card definition active)',
				draft: 'Move an active benefit back to draft, where all its settings can change (not while an active earning rule gives it)',
			},
		}),
	],
	methods: { listSearch: { searchBenefits: catalogueSearch(BENEFIT) } },
};
