import { startStatusProperty } from '../../shared/catalogue';
import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty, compact, enumOptions, metadataJsonProperty, metadataProperty, nameProperty, readJsonBodyFields, readMetadata } from '../../shared/fields';
import { inCollection, jsonFieldsIn } from '../../shared/mapping';
import { requireOption, requireText } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { checkAllowNegative, JSON_FIELDS, readTypedSettingsFields, SETTINGS_PROPERTIES } from './fields';

const TYPES = { INDIVIDUAL: ['Individual', 'Each member holds a card of their own'] as [string, string] };

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a card definition',
	description:
		'Create a card definition: how its cards\' codes look and how their points expire, wait, are limited and refunded. Settings left out take the service\'s defaults (no expiration, points usable at once, no limits, no refunds, no payments). Assign it to a program to issue its cards.',
	endpoint: 'POST /v2/loyalties/card-definitions',
	repeatHint: 'Each run creates another card definition.',
	properties: [
		nameProperty("The card definition's name, 1 to 200 characters"),
		{ displayName: 'Type', name: 'type', type: 'options', options: enumOptions(TYPES), default: 'INDIVIDUAL', required: true, description: 'The kind of card (the service offers Individual)' },
		additionalFieldsProperty([
			...SETTINGS_PROPERTIES,
			metadataProperty,
			metadataJsonProperty,
			startStatusProperty('The status the card definition starts in (default Draft, where all its settings can change)'),
		]),
	],
	// each settings object as a read returns it, under its service key (the JSON fields): a card definition copied whole
	record: {
		name: 'name',
		type: 'type',
		...jsonFieldsIn('additionalFields', JSON_FIELDS),
		...inCollection('additionalFields', { allow_negative: 'allowNegative', metadata: 'metadataJson', status: 'status' }),
	},
	recordPaths: { 'balance_settings.allow_negative': 'allow_negative' },
	build: (params) => {
		const fields = params.get<IDataObject>('additionalFields', {});
		const body = compact({
			name: requireText(params, 'Name', params.get('name', ''), { max: 200 }),
			type: requireOption(params, 'Type', params.get('type', 'INDIVIDUAL'), Object.keys(TYPES)),
			status: fields.status === undefined ? undefined : requireOption(params, 'Status', fields.status, ['ACTIVE', 'DRAFT']),
			...readJsonBodyFields(params, fields, JSON_FIELDS),
			...compact(readTypedSettingsFields(params, fields)),
			metadata: readMetadata(params, fields),
		});
		checkAllowNegative(params, fields, body);
		return { method: 'POST', path: '/v2/loyalties/card-definitions', body };
	},
};
