import { activityFilters } from '../../shared/activities';
import { V2_LIST } from '../../shared/catalogue';
import type { OperationDefinition } from '../types';
import { CARD_LOCATORS, cardPath } from './fields';

/** The card activity types of the contract, as `vl.card.<what>`. */
const filters = activityFilters('vl.card.', ['assigned', 'code_generation.failed', 'code_generation.succeeded', 'created', 'unassigned']);

export const getManyActivities: OperationDefinition = {
	value: 'getManyActivities',
	name: 'Get Many Activities',
	action: "Get many activities of a member's loyalty card",
	description: "List a card's activities: its creation, assignment to the member and code generation",
	endpoint: 'GET /v2/loyalties/programs/{programId}/members/{memberId}/cards/{cardId}/activities',
	properties: [...CARD_LOCATORS, filters.property],
	list: V2_LIST,
	build: (params) => ({ method: 'GET', path: `${cardPath(params)}/activities`, query: filters.read(params) }),
};
