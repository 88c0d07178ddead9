import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { customerLocator, customerRef } from '../../shared/customerRef';
import { enumOptions, jsonObjectProperty } from '../../shared/fields';
import { fail, parseJsonObject, requireOption, requirePattern } from '../../shared/validate';
import { MEMBER_ID } from '../programMember/fields';
import type { ParamReader } from '../types';

/** Who is examined: a customer (in every program they belong to) or one program's member. */
export const identificationProperties: INodeProperties[] = [
	{
		displayName: 'Examine For',
		name: 'examineFor',
		type: 'options',
		options: enumOptions({
			customer: ['Customer', 'The customer, in every loyalty program they belong to'],
			member: ['Program Member', "One program's member (lmbr_…): only that program"],
		}),
		default: 'customer',
		description: 'Whom to examine',
	},
	{ ...customerLocator('customer', 'The customer, picked from the list, or given by ID (cust_…) or by your own source ID'), displayOptions: { show: { examineFor: ['customer'] } } },
	{
		displayName: 'Member ID',
		name: 'examineMemberId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'lmbr_...',
		description: "The program member, e.g. lmbr_0a1b2c (Program Member → Get Many, or a card's member)",
		displayOptions: { show: { examineFor: ['member'] } },
	},
];

/** The body's customer_identification: customer_id, customer_source_id or member_id. */
export function readIdentification(params: ParamReader): IDataObject {
	const by = requireOption(params, 'Examine For', params.get('examineFor', 'customer'), ['customer', 'member']);
	if (by === 'member') return { type: 'member_id', member_id: requirePattern(params, 'Member ID', params.get('examineMemberId', ''), MEMBER_ID, 'lmbr_0a1b2c') };
	const ref = customerRef(params, 'Customer', params.id('customer', 'Customer'));
	return ref.id ? { type: 'customer_id', customer_id: ref.id } : { type: 'customer_source_id', customer_source_id: ref.source_id };
}

/** Metadata overrides: merged over the stored metadata for the examination only (nothing is saved). */
export const overrideOptions: INodeProperties[] = [
	jsonObjectProperty('customerMetadata', 'Customer Metadata (JSON)', 'Customer metadata to assume for this examination, merged over the stored metadata (nothing is saved).', { vip: true }),
	jsonObjectProperty('memberMetadata', 'Member Metadata (JSON)', 'Member metadata to assume for this examination (only when examining a program member), merged over the stored metadata.', { tier: 'gold' }),
];

/** The `customer` and `member` metadata overrides that are set; Member Metadata only for a program member. */
export function readOverrides(params: ParamReader, fields: IDataObject, identification: IDataObject): { customer?: IDataObject; member?: IDataObject } {
	const read = (name: string, label: string) => {
		if (fields[name] === undefined) return undefined;
		const value = parseJsonObject(params, label, fields[name]);
		return Object.keys(value).length ? { metadata: value } : undefined;
	};
	const customer = read('customerMetadata', 'Customer Metadata (JSON)');
	const member = read('memberMetadata', 'Member Metadata (JSON)');
	if (member && identification.type !== 'member_id') fail(params, 'Member Metadata (JSON)', 'needs Examine For set to Program Member');
	return { ...(customer ? { customer } : {}), ...(member ? { member } : {}) };
}
