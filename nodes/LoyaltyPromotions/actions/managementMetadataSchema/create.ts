import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty, projectProperties } from '../../shared/fields';
import { fail, requireText } from '../../shared/validate';
import { collectionPath, endpointOf } from '../project/collection';
import type { OperationDefinition } from '../types';
import { allowDefinedOnlyProperty, METADATA_SCHEMAS, propertiesJsonProperty, propertiesProperty, readProperties } from './fields';

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a metadata schema',
	description: 'Define the metadata keys a kind of record (customer, order, product, voucher…) carries in a project',
	endpoint: endpointOf('POST', METADATA_SCHEMAS),
	properties: [
		...projectProperties,
		{
			displayName: 'Related Object',
			name: 'relatedObject',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'customer',
			description: 'The kind of record whose metadata the schema describes, e.g. customer, order, product, sku, campaign, voucher, redemption, publication, or a custom object\'s name',
		},
		propertiesProperty('The metadata keys the records carry'),
		additionalFieldsProperty([allowDefinedOnlyProperty, propertiesJsonProperty]),
	],
	repeatHint: 'The service refuses a second schema for the same related object.',
	build: async (params) => {
		const additional = params.get<IDataObject>('additionalFields', {});
		const properties = readProperties(params, params.get('properties', {}), additional.propertiesJson);
		if (Object.keys(properties).length === 0) fail(params, 'Properties', 'add at least one property (or give them in Properties (JSON))');
		const body: IDataObject = { related_object: requireText(params, 'Related Object', params.get('relatedObject', '')).trim(), properties };
		if (additional.allowDefinedOnly !== undefined) body.allow_defined_only = additional.allowDefinedOnly === true;
		return { method: 'POST', path: await collectionPath(params, METADATA_SCHEMAS), body };
	},
};
