import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { additionalFieldsProperty, compact, enumOptions, metadataJsonProperty, metadataProperty, readMetadata } from '../../shared/fields';
import { customerLocator } from '../../shared/customerRef';
import { inCollection } from '../../shared/mapping';
import { requireId, requireOption } from '../../shared/validate';
import { path } from '../../transport/request';
import { readProgramId } from '../program/fields';
import { programLocator } from '../program/search';
import type { OperationDefinition, ParamReader } from '../types';
import { MEMBER_SIMPLE_FIELDS, MEMBER_STATUSES } from './fields';

/**
 * The member's customer as the current contract identifies it: by Voucherify ID (cust_…) or by source ID. (The
 * contract also lists the older top-level `customer_id`; the node sends customer_identification, and takes an
 * input item's `customer_id` through Map Input Fields.)
 */
export function customerIdentification(params: ParamReader, field: string, value: unknown): IDataObject {
	const id = requireId(params, field, value);
	return /^cust_[a-zA-Z0-9]+$/.test(id) ? { type: 'customer_id', customer_id: id } : { type: 'customer_source_id', customer_source_id: id };
}

/** The customer and Additional Fields of a new member (Add, and each input item of Add in Batch). */
export const MEMBER_ENTRY_PROPERTIES: INodeProperties[] = [
	customerLocator('customer', 'Who joins: an existing customer, by ID (cust_…) or by the source ID your system knows them by'),
	additionalFieldsProperty([
		metadataProperty,
		metadataJsonProperty,
		{
			displayName: 'Status',
			name: 'status',
			type: 'options',
			options: enumOptions(MEMBER_STATUSES),
			default: 'ACTIVE',
			description: 'The status the member starts in (default Active). An inactive member earns no points and purchases no rewards.',
		},
	]),
];

/** Input key → typed parameter of a member entry, for Map Input Fields. */
export const MEMBER_ENTRY_RECORD = { customer_id: 'customer', ...inCollection('additionalFields', { status: 'status', metadata: 'metadataJson' }) };

/** One member entry of the item: its customer identification, status and metadata. */
export function readMemberEntry(params: ParamReader): IDataObject {
	const fields = params.get<IDataObject>('additionalFields', {});
	return compact({
		customer_identification: customerIdentification(params, 'Customer', params.get('customer')),
		status: fields.status === undefined ? undefined : requireOption(params, 'Status', fields.status, Object.keys(MEMBER_STATUSES)),
		metadata: readMetadata(params, fields),
	});
}

export const add: OperationDefinition = {
	value: 'add',
	name: 'Add',
	action: 'Add a customer as a loyalty program member',
	description:
		'Enrol an existing customer in an active loyalty program. The member gets one loyalty card per card definition of the program (card codes follow shortly after).',
	endpoint: 'POST /v2/loyalties/programs/{programId}/members',
	repeatHint: 'A repeat for the same customer is refused (409 member_already_exists): nothing is duplicated, and Get Membership finds the member.',
	simplify: MEMBER_SIMPLE_FIELDS,
	properties: [programLocator, ...MEMBER_ENTRY_PROPERTIES],
	record: MEMBER_ENTRY_RECORD,
	build: (params) => ({ method: 'POST', path: path`/v2/loyalties/programs/${readProgramId(params)}/members`, body: readMemberEntry(params) }),
};
