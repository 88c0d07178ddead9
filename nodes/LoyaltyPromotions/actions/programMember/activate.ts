import type { OperationDefinition } from '../types';
import { memberOperation } from './fields';

export const activate: OperationDefinition = memberOperation({
	value: 'activate',
	name: 'Activate',
	action: 'Activate a program member',
	description: 'Make an inactive member active again: they earn points and purchase rewards',
	endpoint: 'POST /v2/loyalties/programs/{programId}/members/{memberId}/activate',
	// A second request leaves the member as the first did (the service then answers 400 invalid_state_transition).
	safeToRepeat: true,
	method: 'POST',
	suffix: '/activate',
});
