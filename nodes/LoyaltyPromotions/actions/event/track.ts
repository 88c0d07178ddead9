import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty, compact, metadataJsonProperty, metadataProperty, readMetadata } from '../../shared/fields';
import { parseJsonObject, requireText } from '../../shared/validate';
import type { OperationDefinition, ParamReader } from '../types';

const EVENT_NAME_MAX = 300;

const text = (value: unknown) => (value === undefined || value === null ? undefined : String(value).trim());

/** A JSON object field of Additional Fields, merged under the fields typed one by one. */
function jsonField(params: ParamReader, fields: IDataObject, name: string, label: string): IDataObject {
	return fields[name] === undefined ? {} : parseJsonObject(params, label, fields[name]);
}

/** An optional object of the body: undefined when nothing in it was set. */
function objectOrUndefined(object: IDataObject): IDataObject | undefined {
	return Object.keys(object).length > 0 ? object : undefined;
}

export const track: OperationDefinition = {
	value: 'track',
	name: 'Track',
	action: 'Track an event',
	description: 'Record a custom event for a customer (the customer is created when their source ID is new)',
	endpoint: 'POST /v1/events',
	properties: [
		{
			displayName: 'Event Name',
			name: 'eventName',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'order_shipped',
			description: "The custom event's name as defined in the project's event schema (1 to 300 characters)",
		},
		{
			displayName: 'Customer Source ID',
			name: 'customerSourceId',
			type: 'string',
			default: '',
			required: true,
			description: "The customer's ID in your system; an unknown one creates the customer",
		},
		additionalFieldsProperty([
				{
					displayName: 'Customer Fields (JSON)',
					name: 'customerJson',
					type: 'json',
					default: '{}',
					placeholder: '{ "name": "Jane Doe", "email": "jane@example.com" }',
					description: 'More fields of the customer as a JSON object; Customer Source ID always wins',
				},
				{
					displayName: 'Loyalty (JSON)',
					name: 'loyaltyJson',
					type: 'json',
					default: '{}',
					placeholder: '{ "code": "LC-1234" }',
					description: 'The loyalty object as JSON; Loyalty Card Code, when set, wins',
				},
				{
					displayName: 'Loyalty Card Code',
					name: 'loyaltyCode',
					type: 'string',
					default: '',
					description: 'The loyalty card to attribute the event to; sent as loyalty.code',
				},
				metadataProperty,
				metadataJsonProperty,
				{
					displayName: 'Referral Code',
					name: 'referralCode',
					type: 'string',
					default: '',
					description: 'The referral code, when a referral conversion is this custom event; sent as referral.code',
				},
				{
					displayName: 'Referrer ID',
					name: 'referrerId',
					type: 'string',
					default: '',
					description: "The referrer's customer ID; sent as referral.referrer_id",
				},
			]),
	],
	build(params) {
		const event = requireText(params, 'Event Name', params.get('eventName', ''), { max: EVENT_NAME_MAX }).trim();
		const sourceId = requireText(params, 'Customer Source ID', params.get('customerSourceId', '')).trim();
		const fields = params.get<IDataObject>('additionalFields', {});
		const customer = { ...jsonField(params, fields, 'customerJson', 'Customer Fields (JSON)'), source_id: sourceId };
		const loyalty = {
			...jsonField(params, fields, 'loyaltyJson', 'Loyalty (JSON)'),
			...compact({ code: text(fields.loyaltyCode) }),
		};
		const referral = compact({ code: text(fields.referralCode), referrer_id: text(fields.referrerId) });
		return {
			method: 'POST',
			path: '/v1/events',
			body: compact({
				event,
				customer,
				referral: objectOrUndefined(referral),
				loyalty: objectOrUndefined(loyalty),
				metadata: readMetadata(params, fields),
			}),
		};
	},
};
