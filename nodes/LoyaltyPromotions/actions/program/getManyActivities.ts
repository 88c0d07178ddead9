import { activityFilters } from '../../shared/activities';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { V2_LIST } from '../../shared/catalogue';
import { readProgramId } from './fields';
import { programLocator } from './search';

/** The program activity types of the contract, as `vl.program.<what>`. */
const filters = activityFilters('vl.program.', [
	'activated',
	'card_definition.assigned',
	'card_definition.unassigned',
	'created',
	'deactivated',
	'deleted',
	'earning_rule.assigned',
	'earning_rule.unassigned',
	'reward.assigned',
	'reward.unassigned',
	'reward.updated',
	'tier_structure.assigned',
	'tier_structure.unassigned',
	'updated',
]);

export const getManyActivities: OperationDefinition = {
	value: 'getManyActivities',
	name: 'Get Many Activities',
	action: 'Get many activities of a program',
	description: "List a loyalty program's activities: its creation, updates, status changes and assignments",
	endpoint: 'GET /v2/loyalties/programs/{id}/activities',
	properties: [programLocator, filters.property],
	list: V2_LIST,
	build: (params) => ({ method: 'GET', path: path`/v2/loyalties/programs/${readProgramId(params)}/activities`, query: filters.read(params) }),
};
