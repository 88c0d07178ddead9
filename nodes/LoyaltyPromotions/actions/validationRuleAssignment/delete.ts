import { locatorProperty } from '../../shared/locator';
import { path } from '../../transport/request';
import type { OperationDefinition, ParamReader } from '../types';
import { readRuleId, validationRuleLocator } from '../validationRule/fields';

const readAssignmentId = (params: ParamReader) => params.id('assignmentId', 'Assignment');

export const deleteAssignment: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Unassign a validation rule',
	description: 'Remove one assignment of a validation rule: the object no longer has to pass the rule',
	endpoint: 'DELETE /v1/validation-rules/{validationRuleId}/assignments/{assignmentId}',
	properties: [
		validationRuleLocator('The validation rule whose assignment to remove'),
		locatorProperty({
			name: 'assignmentId',
			displayName: 'Assignment',
			description: 'The assignment to remove, among those of the rule chosen above',
			noun: 'assignment',
			searchListMethod: 'searchValidationRuleAssignments',
			idPlaceholder: 'asgm_…',
		}),
	],
	build: (params) => ({ method: 'DELETE', path: path`/v1/validation-rules/${readRuleId(params)}/assignments/${readAssignmentId(params)}` }),
	// The service answers 204 with no body.
	output: (_response, params) => [{ deleted: true, id: readAssignmentId(params) }],
};
