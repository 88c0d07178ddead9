import type { OperationDefinition } from '../types';
import { programTransition } from './fields';

export const activate: OperationDefinition = programTransition({
	value: 'activate',
	name: 'Activate',
	action: 'Activate a program',
	description: 'Make a draft or inactive loyalty program active. It needs an active card definition and an active earning rule assigned.',
	to: 'activate',
});
