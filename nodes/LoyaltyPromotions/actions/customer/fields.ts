import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { compact, isSet, metadataJsonProperty, metadataProperty, readMetadata } from '../../shared/fields';
import { locatorProperty } from '../../shared/locator';
import { DATE_ONLY, requireDate, requireScalarText } from '../../shared/validate';
import type { ParamReader } from '../types';

/** The customer locator, the customer fields of Create or Update and Update, and how they become a body. */

export const customerLocator = locatorProperty({
	name: 'customerId',
	displayName: 'Customer',
	description: 'The customer, picked from the list or given by ID or source ID',
	noun: 'customer',
	searchListMethod: 'searchCustomers',
	idPlaceholder: 'cust_... or your source ID',
});

/** The Source ID of a bulk operation's record: the customer it updates, or creates when no customer has it. */
export const customerSourceIdProperty: INodeProperties = {
	displayName: 'Source ID',
	name: 'sourceId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'customer-123 or jane@example.com',
	description: "The customer's ID in your system (e.g. a CRM ID or email): a customer with this source ID is updated, otherwise one is created",
};

export const bulkSourceIdProperty: INodeProperties = {
	...customerSourceIdProperty,
	description: "The customer's ID in your system, usually an expression reading it from each input item: the customer with this source ID is updated, or created when there is none",
};

export function readCustomerId(params: ParamReader): string {
	return params.id('customerId', 'Customer');
}

/** The address fields: label, parameter name and the service's key. */
const ADDRESS: Array<[label: string, name: string, key: string]> = [
	['Address Line 1', 'line1', 'line_1'],
	['Address Line 2', 'line2', 'line_2'],
	['City', 'city', 'city'],
	['Country', 'country', 'country'],
	['Postal Code', 'postalCode', 'postal_code'],
	['State', 'state', 'state'],
];

const text = (name: string, displayName: string, description: string, extra: Partial<INodeProperties> = {}): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: '',
	description,
	...extra,
});

export const CUSTOMER_BODY_OPTIONS: INodeProperties[] = [
	{
		displayName: 'Address',
		name: 'address',
		type: 'fixedCollection',
		default: {},
		placeholder: 'Add Address',
		description: "The customer's postal address; the parts left empty are not sent",
		options: [
			{
				displayName: 'Address',
				name: 'value',
				values: ADDRESS.map(([label, name]) => text(name, label, '')),
			},
		],
	},
	{
		displayName: 'Birthdate',
		name: 'birthdate',
		type: 'dateTime',
		typeOptions: DATE_ONLY,
		default: '',
		description: "The customer's date of birth (only the date is sent, as YYYY-MM-DD)",
	},
	text('description', 'Description', 'Any note about the customer'),
	text('email', 'Email', "The customer's email address", { placeholder: 'name@email.com' }),
	metadataProperty,
	metadataJsonProperty,
	text('name', 'Name', "The customer's first and last name"),
	text('phone', 'Phone', "The customer's phone number (needed to send codes by SMS)"),
];


function readAddress(params: ParamReader, value: unknown): IDataObject | undefined {
	const parts = ((value as IDataObject | undefined)?.value ?? {}) as IDataObject;
	const address: IDataObject = {};
	for (const [label, name, key] of ADDRESS) {
		if (isSet(parts[name])) address[key] = requireScalarText(params, label, parts[name]).trim();
	}
	return Object.keys(address).length > 0 ? address : undefined;
}

/** The request body from a customer collection; fields left empty are left out. */
export function readCustomerBody(params: ParamReader, fields: IDataObject): IDataObject {
	const textOf = (name: string, label: string) => (isSet(fields[name]) ? requireScalarText(params, label, fields[name]).trim() : undefined);
	return compact({
		name: textOf('name', 'Name'),
		email: textOf('email', 'Email'),
		phone: textOf('phone', 'Phone'),
		description: textOf('description', 'Description'),
		birthdate: isSet(fields.birthdate) ? requireDate(params, 'Birthdate', fields.birthdate) : undefined,
		address: readAddress(params, fields.address),
		metadata: readMetadata(params, fields),
	});
}

/** The customer record as input items name it (Map Input Fields): the service's field → the collection option. */
export const CUSTOMER_RECORD = { name: 'name', email: 'email', phone: 'phone', description: 'description', birthdate: 'birthdate', address: 'address', metadata: 'metadataJson' };

/** The campaign types a customer's activities can be filtered by. */
export const CAMPAIGN_TYPES: Array<[label: string, value: string]> = [
	['Discount Coupons', 'DISCOUNT_COUPONS'],
	['Gift Vouchers', 'GIFT_VOUCHERS'],
	['Loyalty Program', 'LOYALTY_PROGRAM'],
	['Promotion', 'PROMOTION'],
	['Referral Program', 'REFERRAL_PROGRAM'],
];
