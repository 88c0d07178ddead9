import { catalogueOperations, catalogueSearch } from '../../shared/catalogue';
import type { ResourceDefinition } from '../types';
import { create } from './create';
import { EARNING_RULE, EARNING_RULE_SIMPLE_FIELDS } from './fields';
import { update } from './update';

export const earningRule: ResourceDefinition = {
	value: 'earningRule',
	name: 'Loyalty: Earning Rule',
	auth: 'oAuth2OrAppKeys',
	operations: [
		create,
		update,
		...catalogueOperations(EARNING_RULE, {
			delete: 'Delete an earning rule; programs it is assigned to stop using it',
			simplify: EARNING_RULE_SIMPLE_FIELDS,
			moves: {
				activate: 'Make a draft or inactive earning rule active: it gives earnings in the programs it is assigned to',
				deactivate: 'Make an active earning rule inactive: it stops giving earnings',
				draft: 'Move an active earning rule back to draft, where all its settings can change',
			},
		}),
	],
	methods: { listSearch: { searchEarningRules: catalogueSearch(EARNING_RULE) } },
};
