import type { JsonBodyField } from '../../shared/fields';
import { fail, requireOption, requireProgramId } from '../../shared/validate';
import type { OperationDefinition, ParamReader } from '../types';
import { path } from '../../transport/request';
import { programLocator } from './search';

/** When the program applies: at any time, or in daily windows (days 0 = Sunday to 6 = Saturday, times HH:mm). */
export const VALIDITY_HOURS: JsonBodyField = {
	name: 'validityHours',
	key: 'validity_hours',
	displayName: 'Validity Hours (JSON)',
	description: 'When the program applies: {"type": "ANY_TIME"}, or {"type": "DAILY"} with its daily windows (days 0 = Sunday to 6 = Saturday, times as HH:mm).',
	shape: { type: 'DAILY', daily: [{ days_of_week: [1, 2, 3, 4, 5], start_time: '09:00', end_time: '17:00' }] },
	nullable: true,
	check: (params, field, value) => {
		const type = requireOption(params, `${field} type`, value.type, ['ANY_TIME', 'DAILY']);
		const daily = value.daily;
		if (type === 'DAILY' && (!Array.isArray(daily) || daily.length === 0)) fail(params, field, 'needs at least one daily window when type is DAILY');
		if (type === 'ANY_TIME' && daily !== undefined && daily !== null) fail(params, field, 'takes no daily windows when type is ANY_TIME');
		return value;
	},
};

/** The program of the Program locator, checked against the service's pattern (lprg_…). */
export function readProgramId(params: ParamReader): string {
	return requireProgramId(params, 'Program', params.get('programId', ''));
}

/** Programs' statuses, as Filters and the create's Status offer them. */
export const PROGRAM_STATUSES = { ACTIVE: 'Active', DRAFT: 'Draft', INACTIVE: 'Inactive' };

/**
 * Activate or Deactivate: a POST without a body that moves the program to another status. Safe to repeat: a
 * second request leaves the program as the first did (the service then answers 400 invalid_state_transition).
 */
export function programTransition(spec: { value: string; name: string; action: string; description: string; to: 'activate' | 'deactivate' }): OperationDefinition {
	return {
		value: spec.value,
		name: spec.name,
		action: spec.action,
		description: spec.description,
		endpoint: `POST /v2/loyalties/programs/{id}/${spec.to}`,
		safeToRepeat: true,
		properties: [programLocator],
		build: (params) => ({ method: 'POST', path: `${path`/v2/loyalties/programs/${readProgramId(params)}`}/${spec.to}` }),
	};
}
