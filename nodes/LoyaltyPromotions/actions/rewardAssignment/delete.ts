import type { OperationDefinition } from '../types';
import { rewardLocator } from '../reward/fields';
import { assignmentLocator, assignmentPath, readAssignmentId } from './fields';

export const deleteAssignment: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a reward assignment',
	description: 'Stop offering a reward in a campaign; the reward itself stays',
	endpoint: 'DELETE /v1/rewards/{rewardId}/assignments/{assignmentId}',
	properties: [rewardLocator('The reward whose assignment'), assignmentLocator('The assignment to delete')],
	build: (params) => ({ method: 'DELETE', path: assignmentPath(params) }),
	// The service answers 204 with no body.
	output: (_response, params) => [{ deleted: true, id: readAssignmentId(params) }],
};
