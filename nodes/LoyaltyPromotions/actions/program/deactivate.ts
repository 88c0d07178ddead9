import type { OperationDefinition } from '../types';
import { programTransition } from './fields';

export const deactivate: OperationDefinition = programTransition({
	value: 'deactivate',
	name: 'Deactivate',
	action: 'Deactivate a program',
	description: 'Make an active loyalty program inactive: members stop earning and spending points in it',
	to: 'deactivate',
});
