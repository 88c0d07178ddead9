import type { ResourceDefinition } from '../types';
import { create } from './create';
import { createViaGet } from './createViaGet';
import { getAll } from './getAll';

export const publication: ResourceDefinition = {
	value: 'publication',
	name: 'Publication',
	auth: 'appKeysOrOAuth2',
	operations: [create, getAll, createViaGet],
};
