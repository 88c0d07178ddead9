import type { IDataObject } from 'n8n-workflow';
import { metadataJsonProperty, metadataProperty, readUpdateBody, updateFieldsProperty, updateNameProperty } from '../../shared/fields';
import { requirePattern } from '../../shared/validate';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { CARD_DEFINITION_ID, checkAllowNegative, JSON_FIELDS, readTypedSettingsFields, SETTINGS_PROPERTIES } from './fields';
import { cardDefinitionOptions } from './search';

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a card definition',
	description: 'Change a card definition. Once it has left DRAFT, only Name and Metadata can change (the service answers 409 otherwise).',
	endpoint: 'PUT /v2/loyalties/card-definitions/{id}',
	properties: [
		{ ...cardDefinitionOptions('cardDefinitionId', 'The card definition'), required: true },
		updateFieldsProperty([
			updateNameProperty('card definition'),
			...SETTINGS_PROPERTIES,
			metadataProperty,
			metadataJsonProperty,
		]),
	],
	build: (params) => {
		const id = requirePattern(params, 'Card Definition Name or ID', params.id('cardDefinitionId', 'Card Definition Name or ID'), CARD_DEFINITION_ID, 'lcdef_0a1b2c');
		const fields = params.get<IDataObject>('updateFields', {});
		const body = readUpdateBody(params, fields, JSON_FIELDS, readTypedSettingsFields(params, fields));
		checkAllowNegative(params, fields, body);
		return { method: 'PUT', path: path`/v2/loyalties/card-definitions/${id}`, body };
	},
};
