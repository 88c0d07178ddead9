import type { INodeProperties } from 'n8n-workflow';
import { locatorProperty } from '../../shared/locator';
import { path } from '../../transport/request';
import { readRewardId } from '../reward/fields';
import type { ParamReader } from '../types';

/** A reward's assignment, picked from the assignments of the reward chosen above or given by ID. */
export function assignmentLocator(description: string): INodeProperties {
	return locatorProperty({ name: 'assignmentId', displayName: 'Assignment', description, noun: 'assignment', searchListMethod: 'searchRewardAssignments', idPlaceholder: 'rewa_…' });
}

export function readAssignmentId(params: ParamReader): string {
	return params.id('assignmentId', 'Assignment');
}

/** The path of the assignment chosen, under the reward chosen. */
export function assignmentPath(params: ParamReader): string {
	return path`/v1/rewards/${readRewardId(params)}/assignments/${readAssignmentId(params)}`;
}
