import type { OperationDefinition } from '../types';
import { path } from '../../transport/request';
import { readProgramId } from './fields';
import { programLocator } from './search';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a program',
	description: "Retrieve a loyalty program: its status, dates, validity hours and metadata",
	endpoint: 'GET /v2/loyalties/programs/{id}',
	properties: [programLocator],
	build: (params) => ({ method: 'GET', path: path`/v2/loyalties/programs/${readProgramId(params)}` }),
};
