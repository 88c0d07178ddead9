import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { ParamReader } from '../actions/types';
import { locatorProperty } from './locator';
import { requireId } from './validate';

/**
 * A customer named in a request body (publications, loyalty members, validations, redemptions,
 * qualifications): picked from the list, or given by ID (cust_…) or by the source ID your system knows them by.
 */
export function customerLocator(name: string, description: string, required = true): INodeProperties {
	return locatorProperty({
		name,
		displayName: 'Customer',
		description,
		noun: 'customer',
		searchListMethod: 'searchCustomers',
		idPlaceholder: 'cust_… or your own source ID',
		required,
	});
}

/** The service's IDs start with cust_; anything else is the source ID from your own system. */
export function customerRef(params: ParamReader, field: string, value: unknown): IDataObject {
	const id = requireId(params, field, value);
	return /^cust_/.test(id) ? { id } : { source_id: id };
}
