import type { OperationDefinition } from '../types';
import { rewardLocator } from '../reward/fields';
import { assignmentLocator, assignmentPath } from './fields';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a reward assignment',
	description: 'Retrieve where a reward is offered and at what points cost',
	endpoint: 'GET /v1/rewards/{rewardId}/assignments/{assignmentId}',
	properties: [rewardLocator('The reward whose assignment'), assignmentLocator('The assignment to retrieve')],
	build: (params) => ({ method: 'GET', path: assignmentPath(params) }),
};
