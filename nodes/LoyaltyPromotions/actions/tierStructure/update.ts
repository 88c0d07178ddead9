import type { IDataObject } from 'n8n-workflow';
import { idProperty, metadataJsonProperty, metadataProperty, readTypeWithPeriod, readUpdateBody, updateFieldsProperty, updateNameProperty } from '../../shared/fields';
import { requirePattern } from '../../shared/validate';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { DOWNGRADE_PROPERTIES, EXPIRATION_PROPERTIES, EXPIRATION_TYPE, JSON_FIELDS, readDowngrade, readTracking, TIER_STRUCTURE_ID, TRACKING_PROPERTIES } from './fields';

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a tier structure',
	description: 'Change a tier structure. Once it has left DRAFT, only Name and Metadata can change (the service answers 409 otherwise).',
	endpoint: 'PUT /v2/loyalties/tier-structures/{id}',
	properties: [
		idProperty('tierStructureId', 'Tier Structure ID', 'The tier structure to update, e.g. lts_0a1b2c', 'lts_...'),
		updateFieldsProperty([
			updateNameProperty('tier structure'),
			...TRACKING_PROPERTIES,
			...EXPIRATION_PROPERTIES,
			...DOWNGRADE_PROPERTIES,
			metadataProperty,
			metadataJsonProperty,
		]),
	],
	build: (params) => {
		const id = requirePattern(params, 'Tier Structure ID', params.id('tierStructureId', 'Tier Structure ID'), TIER_STRUCTURE_ID, 'lts_0a1b2c');
		const fields = params.get<IDataObject>('updateFields', {});
		const extra: IDataObject = {
			...readTracking(params, fields),
			expiration: readTypeWithPeriod(params, fields, EXPIRATION_TYPE),
			downgrade: readDowngrade(params, fields),
		};
		const body = readUpdateBody(params, fields, JSON_FIELDS, extra);
		return { method: 'PUT', path: path`/v2/loyalties/tier-structures/${id}`, body };
	},
};
