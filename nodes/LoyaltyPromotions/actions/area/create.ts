import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty, nameProperty } from '../../shared/fields';
import type { OperationDefinition } from '../types';
import { otherFieldsProperty, readAreaBody } from './fields';

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create an area',
	description: 'Create an area. An area is a region or unit that groups stores and their campaigns; needs the areas.manage permission.',
	endpoint: 'POST /v1/areas',
	properties: [nameProperty("The area's name"), additionalFieldsProperty([otherFieldsProperty])],
	record: { name: 'name' },
	build: (params) => ({ method: 'POST', path: '/v1/areas', body: readAreaBody(params, params.get('name', ''), params.get<IDataObject>('additionalFields', {}).otherFields) }),
};
