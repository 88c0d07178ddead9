import type { INodeProperties } from 'n8n-workflow';
import { locatorProperty } from '../../shared/locator';
import { path } from '../../transport/request';
import type { ParamReader } from '../types';

/**
 * What the app keys' metadata schema operations share. Create, Get by ID, Update and Delete were announced on
 * 21 May 2026 as working like the management API's, whose bodies and answers they take; the rest is unpublished.
 */

/** The list of the project's schemas: one counted list under `schemas`, returned whole. */
export const SCHEMA_LIST = { envelope: 'counted' } as const;

/**
 * The schema's resource: a standard one (campaign, customer, earning_rule, loyalty_tier, order, order_item, product,
 * promotion_tier, publication, redemption, reward, voucher) or a custom schema's name.
 */
export const resourceLocator: INodeProperties = locatorProperty({
	name: 'relatedObject',
	// Not "Resource": the node's own Resource dropdown has that label.
	displayName: 'Related Object',
	description: 'The resource whose schema to retrieve, e.g. customer, order or a custom schema\'s name',
	noun: 'related object',
	searchListMethod: 'searchMetadataSchemas',
	idPlaceholder: 'e.g. customer',
});

export function readRelatedObject(params: ParamReader): string {
	return params.id('relatedObject', 'Related Object');
}

/** One schema by its ID (ms_…), picked from the project's schemas by what they describe. */
export const schemaIdLocator: INodeProperties = locatorProperty({
	name: 'metadataSchemaId',
	displayName: 'Metadata Schema',
	description: 'The schema, picked from the list or given by ID',
	noun: 'metadata schema',
	searchListMethod: 'searchMetadataSchemaIds',
	idPlaceholder: 'ms_...',
});

export function schemaPath(params: ParamReader): string {
	return path`/v1/metadata-schemas/${params.id('metadataSchemaId', 'Metadata Schema')}`;
}
