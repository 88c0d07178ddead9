import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { requireHttpUrl, requireText } from '../../shared/validate';
import type { ProjectCollection } from '../project/collection';
import type { ParamReader } from '../types';

/** What the branding operations share: the collection and the brand's fields, as data, with one reader. */

export const BRANDINGS: ProjectCollection = {
	segment: 'branding',
	idParam: 'brandingId',
	displayName: 'Branding',
	noun: ['branding', 'brandings'],
	searchMethod: 'searchBrandings',
	idPlaceholder: 'brd_...',
};

type Part = 'brand' | 'address' | 'contact';

interface BrandField {
	part: Part;
	key: string;
	name: string;
	displayName: string;
	description: string;
	placeholder?: string;
	url?: boolean;
	/** Required on a create (a top-level field there; optional in Update Fields). */
	required?: boolean;
}

/** The brand's fields: the body object and key each belongs to, and whether a create requires it (the contract's rules). */
const FIELDS: BrandField[] = [
	{ part: 'brand', key: 'name', name: 'brandName', displayName: 'Brand Name', description: 'The name shown to customers in messages and on pages', required: true },
	{ part: 'address', key: 'street', name: 'street', displayName: 'Street', description: "The brand's street address", required: true },
	{ part: 'address', key: 'city', name: 'city', displayName: 'City', description: "The brand's city", required: true },
	{ part: 'address', key: 'postal', name: 'postal', displayName: 'Postal Code', description: "The brand's postal code", required: true },
	{ part: 'address', key: 'country', name: 'country', displayName: 'Country', description: "The brand's country", required: true },
	{ part: 'contact', key: 'email', name: 'email', displayName: 'Email', description: 'The contact email address shown to customers', placeholder: 'name@email.com', required: true },
	{ part: 'address', key: 'state', name: 'state', displayName: 'State', description: "The brand's state or region" },
	{ part: 'contact', key: 'phone', name: 'phone', displayName: 'Phone', description: 'The contact phone number shown to customers' },
	{ part: 'brand', key: 'permission_reminder', name: 'permissionReminder', displayName: 'Permission Reminder', description: 'Why customers receive the messages, e.g. that they opted in on the website' },
	{ part: 'brand', key: 'privacy_policy_url', name: 'privacyPolicyUrl', displayName: 'Privacy Policy URL', description: "The address of the brand's privacy policy", url: true },
	{ part: 'brand', key: 'terms_of_use_url', name: 'termsOfUseUrl', displayName: 'Terms of Use URL', description: "The address of the brand's terms of use", url: true },
	{ part: 'brand', key: 'website_url', name: 'websiteUrl', displayName: 'Website URL', description: "The address of the brand's website", url: true },
];

const property = (field: BrandField): INodeProperties => ({
	displayName: field.displayName,
	name: field.name,
	type: 'string',
	default: '',
	description: field.description,
	...(field.placeholder ? { placeholder: field.placeholder } : field.url ? { placeholder: 'https://example.com' } : {}),
});

/** A create's required fields, each a top-level parameter. */
export const requiredProperties: INodeProperties[] = FIELDS.filter((field) => field.required).map((field) => ({ ...property(field), required: true }));
/** A create's optional fields (Additional Fields). */
export const optionalProperties: INodeProperties[] = FIELDS.filter((field) => !field.required).map(property);
/** Every field, for Update Fields. */
export const allProperties: INodeProperties[] = FIELDS.map(property);

/**
 * The brand, address and contact objects from `values` (parameter name → value); only the fields set are sent.
 * `required` makes the create's fields required (an expression giving empty text is refused).
 */
export function readBranding(params: ParamReader, values: IDataObject, required: boolean): IDataObject {
	const body: Record<Part, IDataObject> = { brand: {}, address: {}, contact: {} };
	for (const field of FIELDS) {
		const value = values[field.name];
		if (value === undefined || (!(required && field.required) && String(value).trim() === '')) continue;
		body[field.part][field.key] = field.url ? requireHttpUrl(params, field.displayName, value) : requireText(params, field.displayName, value).trim();
	}
	const result: IDataObject = {};
	for (const part of ['brand', 'address', 'contact'] as const) if (Object.keys(body[part]).length > 0) result[part] = body[part];
	return result;
}

/** Reads a create's required fields (top-level parameters) and Additional Fields together. */
export function createValues(params: ParamReader): IDataObject {
	const values: IDataObject = { ...params.get<IDataObject>('additionalFields', {}) };
	for (const field of FIELDS) if (field.required) values[field.name] = params.get(field.name, '');
	return values;
}
