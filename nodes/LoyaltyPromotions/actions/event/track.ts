import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty, compact, metadataJsonProperty, metadataProperty, readMetadata } from '../../shared/fields';
import { fail, parseJsonObject, requireScalarText, requireText } from '../../shared/validate';
import type { OperationDefinition, ParamReader } from '../types';

const EVENT_NAME_MAX = 300;

/** A typed text field of Additional Fields: trimmed, undefined when empty. */
function text(params: ParamReader, field: string, value: unknown): string | undefined {
	return requireScalarText(params, field, value).trim() || undefined;
}

/** A JSON object field of Additional Fields, merged under the fields typed one by one. */
function jsonField(params: ParamReader, fields: IDataObject, name: string, label: string): IDataObject {
	return fields[name] === undefined ? {} : parseJsonObject(params, label, fields[name]);
}

/** An optional object of the body: undefined when nothing in it was set. */
function objectOrUndefined(object: IDataObject): IDataObject | undefined {
	return Object.keys(object).length > 0 ? object : undefined;
}

/** The loyalty object: Loyalty (JSON) with Loyalty Card Code over its `code`; undefined when neither is set. */
function readLoyalty(params: ParamReader, fields: IDataObject): IDataObject | undefined {
	const json = jsonField(params, fields, 'loyaltyJson', 'Loyalty (JSON)');
	if (json.code !== undefined && typeof json.code !== 'string') fail(params, 'Loyalty (JSON)', `code must be text (got ${JSON.stringify(json.code)})`);
	const code = text(params, 'Loyalty Card Code', fields.loyaltyCode) ?? ((json.code as string | undefined)?.trim() || undefined);
	if (code === undefined) {
		if (Object.keys(json).length > 0) fail(params, 'Loyalty Card Code', 'is required when Loyalty (JSON) is set (the service needs loyalty.code)');
		return undefined;
	}
	return { ...json, code };
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
					description: 'The loyalty object as JSON. The service needs its code: set it here or in Loyalty Card Code, which wins.',
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
					description: "The referrer's customer ID, sent as referral.referrer_id. Needs Referral Code: the service requires it.",
				},
			]),
	],
	build(params) {
		const event = requireText(params, 'Event Name', params.get('eventName', ''), { max: EVENT_NAME_MAX }).trim();
		const sourceId = requireText(params, 'Customer Source ID', params.get('customerSourceId', '')).trim();
		const fields = params.get<IDataObject>('additionalFields', {});
		const customer = { ...jsonField(params, fields, 'customerJson', 'Customer Fields (JSON)'), source_id: sourceId };
		// The service requires `code` in both objects: one sent without it is refused there, so it is refused here.
		const loyalty = readLoyalty(params, fields);
		const referral = compact({ code: text(params, 'Referral Code', fields.referralCode), referrer_id: text(params, 'Referrer ID', fields.referrerId) });
		if (referral.referrer_id !== undefined && referral.code === undefined) fail(params, 'Referral Code', 'is required when Referrer ID is set (the service needs referral.code)');
		return {
			method: 'POST',
			path: '/v1/events',
			body: compact({
				event,
				customer,
				referral: objectOrUndefined(referral),
				loyalty,
				metadata: readMetadata(params, fields),
			}),
		};
	},
};
