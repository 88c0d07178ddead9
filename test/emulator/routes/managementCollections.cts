/**
 * The management API's plain collections inside a project (auth M), one CrudSpec each: metadata schemas,
 * stacking rules, brandings. Their lists come back whole in a counted envelope; an unknown project is a 404.
 */
import { collection, registerCrud, type CrudSpec } from '../crud.cjs';
import { conflict, invalidPayload } from '../errors.cjs';
import type { Router } from '../router.cjs';
import { defaultStackingRules } from '../stackingRules.cjs';
import { isObject, type Json } from '../validate.cjs';
import { project } from './management.cjs';

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

/** Stacking rules' limits (key → largest value) and modes (key → values), from the contract. */
const RULE_LIMITS: Record<string, number> = {
	redeemables_limit: 30,
	applicable_redeemables_limit: 30,
	applicable_redeemables_per_category_limit: 30,
	applicable_exclusive_redeemables_limit: 5,
	applicable_exclusive_redeemables_per_category_limit: 30,
};
const RULE_MODES: Record<string, string[]> = {
	discount_calculation_mode: ['INITIAL_AMOUNT', 'DISCOUNTED_AMOUNT'],
	redeemables_application_mode: ['ALL', 'PARTIAL'],
	redeemables_sorting_rule: ['CATEGORY_HIERARCHY', 'REQUESTED_ORDER'],
	redeemables_products_application_mode: ['STACK', 'ONCE'],
	redeemables_no_effect_rule: ['REDEEM_ANYWAY', 'SKIP'],
	redeemables_rollback_order_mode: ['WITH_ORDER', 'WITHOUT_ORDER'],
};

/** Stacking rules: one set per project (a second create is the contract's 409), limits and modes in range. */
export const STACKING_RULES: CrudSpec = {
	...inProject,
	path: `${P}/stacking-rules`,
	idParam: 'stackingRulesId',
	idPrefix: 'stck_',
	object: 'stacking_rules',
	defaults: defaultStackingRules,
	check(body, ctx, existing) {
		for (const [key, max] of Object.entries(RULE_LIMITS)) {
			const value = body[key];
			if (value !== undefined && value !== null && (!Number.isInteger(value) || Number(value) < 1 || Number(value) > max)) throw invalidPayload(`Property ${key} must be an integer from 1 to ${max}`);
		}
		for (const [key, values] of Object.entries(RULE_MODES)) {
			if (body[key] !== undefined && !values.includes(String(body[key]))) throw invalidPayload(`Property ${key} must be one of ${values.join(', ')}`);
		}
		if (!existing && collection(ctx, STACKING_RULES).size > 0) throw conflict('The project already has stacking rules: update them instead');
	},
};

/** A branding's objects and the fields a create requires in each (the contract's rules). */
const BRAND_REQUIRED: Record<string, string[]> = { brand: ['name'], address: ['street', 'city', 'postal', 'country'], contact: ['email'] };

/**
 * What a branding's objects hold when the body leaves a key out: the contract requires every key, and lets the
 * URLs, the postal code and the phone be null; the texts it does not let be null are empty.
 */
const BRAND_DEFAULTS: Record<string, Json> = {
	brand: { privacy_policy_url: null, terms_of_use_url: null, permission_reminder: '', website_url: null },
	address: { postal: null, state: '' },
	contact: { phone: null },
};

/** Brandings: brand, address and contact objects, each with its required fields on a create. */
export const BRANDINGS: CrudSpec = {
	...inProject,
	path: `${P}/branding`,
	idParam: 'brandingId',
	idPrefix: 'brd_',
	object: 'branding',
	required: ['brand', 'address', 'contact'],
	check(body, _ctx, existing) {
		for (const [group, fields] of Object.entries(BRAND_REQUIRED)) {
			if (body[group] === undefined) continue;
			if (!isObject(body[group])) throw invalidPayload(`Property ${group} must be an object`);
			if (existing) continue;
			const missing = fields.filter((field) => typeof (body[group] as Json)[field] !== 'string' || (body[group] as Json)[field] === '');
			if (missing.length) throw invalidPayload(`Property ${group}.${missing[0]} is required`);
		}
	},
	complete(record) {
		for (const [group, defaults] of Object.entries(BRAND_DEFAULTS)) {
			if (isObject(record[group])) record[group] = { ...defaults, ...(record[group] as Json) };
		}
	},
};

export function register(r: Router): void {
	for (const spec of [METADATA_SCHEMAS, STACKING_RULES, BRANDINGS]) registerCrud(r, spec);
}
