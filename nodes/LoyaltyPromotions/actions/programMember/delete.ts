import type { OperationDefinition } from '../types';
import { memberOperation, readMemberId } from './fields';

export const deleteMember: OperationDefinition = memberOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a program member',
	description: 'Remove a member from a loyalty program, with their cards',
	endpoint: 'DELETE /v2/loyalties/programs/{programId}/members/{memberId}',
	method: 'DELETE',
	// The service answers the deleted member; the node answers as every Delete does.
	output: (_response, params) => [{ deleted: true, id: readMemberId(params) }],
});
