import { activityFilters } from '../../shared/activities';
import { V2_LIST } from '../../shared/catalogue';
import { programLocator } from '../program/search';
import type { OperationDefinition } from '../types';
import { memberPath } from './fields';
import { memberLocator } from './search';

/** The member activity types of the contract, as `vl.member.<what>`. */
const filters = activityFilters('vl.member.', ['activated', 'card.assigned', 'card.unassigned', 'created', 'deactivated', 'deleted', 'updated']);

export const getManyActivities: OperationDefinition = {
	value: 'getManyActivities',
	name: 'Get Many Activities',
	action: 'Get many activities of a program member',
	description: "List a program member's activities: joining, updates, status changes and the cards assigned to them",
	endpoint: 'GET /v2/loyalties/programs/{programId}/members/{memberId}/activities',
	properties: [programLocator, memberLocator, filters.property],
	list: V2_LIST,
	build: (params) => ({ method: 'GET', path: `${memberPath(params)}/activities`, query: filters.read(params) }),
};
