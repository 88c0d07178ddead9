import type { OperationDefinition } from '../types';
import { memberOperation } from './fields';

export const deactivate: OperationDefinition = memberOperation({
	value: 'deactivate',
	name: 'Deactivate',
	action: 'Deactivate a program member',
	description: 'Make an active member inactive: they stop earning points and purchasing rewards until activated',
	endpoint: 'POST /v2/loyalties/programs/{programId}/members/{memberId}/deactivate',
	// A second request leaves the member as the first did (the service then answers 400 invalid_state_transition).
	safeToRepeat: true,
	method: 'POST',
	suffix: '/deactivate',
});
