import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { exportLocator, readExportId } from './fields';

export const deleteExport: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete an export',
	description: 'Delete an export and its file',
	endpoint: 'DELETE /v1/exports/{exportId}',
	properties: [{ ...exportLocator, description: 'The export to delete, picked from the list or given by ID' }],
	build: (params) => ({ method: 'DELETE', path: path`/v1/exports/${readExportId(params)}` }),
	// The service answers 204 with no body.
	output: (_response, params) => [{ deleted: true, id: readExportId(params) }],
};
