import type { OperationDefinition } from '../types';
import { path } from '../../transport/request';
import { readProgramId } from './fields';
import { programLocator } from './search';

export const deleteProgram: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a program',
	description: 'Delete a loyalty program and its card definition, earning rule, reward and tier structure assignments',
	endpoint: 'DELETE /v2/loyalties/programs/{id}',
	properties: [programLocator],
	build: (params) => ({ method: 'DELETE', path: path`/v2/loyalties/programs/${readProgramId(params)}` }),
	// The service answers the deleted program; the node answers as every Delete does.
	output: (_response, params) => [{ deleted: true, id: readProgramId(params) }],
};
