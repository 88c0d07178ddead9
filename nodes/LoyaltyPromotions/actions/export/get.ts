import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { exportLocator, readExportId } from './fields';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get an export',
	description: "Retrieve an export: its status and, once it is done, its file's address",
	endpoint: 'GET /v1/exports/{exportId}',
	properties: [exportLocator],
	build: (params) => ({ method: 'GET', path: path`/v1/exports/${readExportId(params)}` }),
};
