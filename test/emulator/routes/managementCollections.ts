/**
 * The management API's plain collections inside a project (auth M), one CrudSpec each: metadata schemas,
 * stacking rules, brandings. Their lists come back whole in a counted envelope; an unknown project is a 404.
 */
import { collection, registerCrud, type CrudSpec } from '../crud';
import { conflict, invalidPayload } from '../errors';
import type { Router } from '../router';
import { isObject, type Json } from '../validate';
import { project } from './management';

const P = '/management/v1/projects/{projectId}';
const inProject = { auth: 'M', envelope: 'counted', unpaged: true, parent: (ctx) => void project(ctx) } satisfies Partial<CrudSpec>;

const PROPERTY_TYPES = ['string', 'number', 'object', 'date', 'datetime', 'geopoint', 'boolean', 'image_url'];

/** Metadata schemas: one per related object in a project; every property has a known type, optional and array. */
export const METADATA_SCHEMAS: CrudSpec = {
	...inProject,
	path: `${P}/metadata-schemas`,
	idParam: 'metadataSchemaId',
	idPrefix: 'ms_',
	object: 'metadata_schema',
	required: ['related_object', 'properties'],
	defaults: () => ({ allow_defined_only: false, updated_at: null }),
	check(body, ctx, existing) {
		if (existing && body.properties === undefined) throw invalidPayload('Property properties is required');
		if (!isObject(body.properties)) throw invalidPayload('Property properties must be an object');
		for (const [name, definition] of Object.entries(body.properties)) {
			const d = definition as Json;
			if (!isObject(d) || !PROPERTY_TYPES.includes(String(d.type))) throw invalidPayload(`Property properties.${name}.type must be one of ${PROPERTY_TYPES.join(', ')}`);
			for (const flag of ['optional', 'array']) {
				if (typeof d[flag] !== 'boolean') throw invalidPayload(`Property properties.${name}.${flag} is required and must be a boolean`);
			}
		}
		if (existing) {
			if (body.related_object !== undefined && body.related_object !== existing.related_object) throw invalidPayload('Property related_object cannot be changed');
			return;
		}
		const taken = [...collection(ctx, METADATA_SCHEMAS).values()].some((schema) => schema.related_object === body.related_object);
		if (taken) throw conflict(`A metadata schema for ${String(body.related_object)} already exists in this project`);
	},
};

export function register(r: Router): void {
	registerCrud(r, METADATA_SCHEMAS);
}
