import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { additionalFieldsProperty, compact, metadataJsonProperty, metadataProperty, readMetadata } from '../../shared/fields';
import { customerLocator, customerRef } from '../../shared/customerRef';
import { readBoundedCount } from '../../shared/limits';
import { fail, parseJsonObject, requireIntegerInRange, requireScalarText } from '../../shared/validate';
import { campaignLocator } from '../campaign/fields';
import type { ParamReader } from '../types';
import { voucherLocator } from '../voucher/fields';

/** What Create (POST /v1/publications) and Create via GET (GET /v1/publications/create) share. */

const MAX_COUNT = 50;

/** The fields of a publication; `postOnly` adds what only the POST form takes (Channel, Number of Vouchers). */
export function publicationProperties(postOnly: boolean): INodeProperties[] {
	return [
		{
			displayName: 'Publish From',
			name: 'source',
			type: 'options',
			options: [
				{ name: 'Campaign', value: 'campaign', description: "The next free voucher of a campaign (or a new one, in campaigns that generate codes as needed)" },
				{ name: 'Specific Voucher', value: 'voucher', description: 'A voucher you name by its code' },
			],
			default: 'campaign',
		},
		{ ...campaignLocator('campaignId', 'The campaign whose voucher the customer gets'), displayOptions: { show: { source: ['campaign'] } } },
		{ ...voucherLocator('voucher', 'The voucher the customer gets'), displayOptions: { show: { source: ['voucher'] } } },
		customerLocator('customer', 'Who gets the voucher. A source ID the service does not know creates the customer.'),
		{
			displayName: 'Join Once',
			name: 'joinOnce',
			type: 'boolean',
			default: true,
			displayOptions: { show: { source: ['campaign'] } },
			description:
				'Whether a customer who already got a voucher of this campaign gets that same voucher again instead of a new one. Also makes the request safe to repeat.',
		},
		additionalFieldsProperty([
			...(postOnly
				? [
						{
							displayName: 'Channel',
							name: 'channel',
							type: 'string',
							default: '',
							placeholder: 'e.g. Email',
							description: 'How the voucher reaches the customer, kept with the publication',
						} satisfies INodeProperties,
					]
				: []),
			{
				displayName: 'Customer Fields (JSON)',
				name: 'customerJson',
				type: 'json',
				default: '{}',
				placeholder: '{ "name": "Jane Doe", "email": "jane@example.com" }',
				description: 'More fields of the customer (name, email, phone, address, metadata), used when the customer is new; Customer always wins',
			},
			metadataProperty,
			metadataJsonProperty,
			...(postOnly
				? [
						{
							displayName: 'Number of Vouchers',
							name: 'count',
							type: 'number',
							typeOptions: { minValue: 1, maxValue: MAX_COUNT, numberPrecision: 0 },
							default: 1,
							displayOptions: { show: { '/source': ['campaign'] } },
							description: `How many vouchers of the campaign the customer gets (1 to ${MAX_COUNT}); with more than one the output lists their codes`,
						} satisfies INodeProperties,
					]
				: []),
			{
				displayName: 'Source ID',
				name: 'sourceId',
				type: 'string',
				default: '',
				description: "The publication's ID in your own system. Sending it again returns the same voucher, so the request is safe to repeat.",
			},
		]),
	];
}

/** A publication as the service takes it: the body fields, join_once, and whether a repeat returns the same voucher. */
export interface PublicationRequest {
	body: IDataObject;
	joinOnce: boolean;
	safeToRepeat: boolean;
}

export function readPublication(params: ParamReader): PublicationRequest {
	const fields = params.get<IDataObject>('additionalFields', {});
	const customerJson = fields.customerJson === undefined ? {} : parseJsonObject(params, 'Customer Fields (JSON)', fields.customerJson);
	const customer = { ...customerJson, ...customerRef(params, 'Customer', params.get('customer')) };
	const sourceId = fields.sourceId === undefined ? '' : requireScalarText(params, 'Source ID', fields.sourceId).trim();
	const body: IDataObject = compact({
		customer,
		source_id: sourceId || undefined,
		channel: fields.channel === undefined ? undefined : requireScalarText(params, 'Channel', fields.channel).trim(),
		metadata: readMetadata(params, fields),
	});
	let joinOnce = false;
	if (params.get<string>('source', 'campaign') === 'voucher') {
		body.voucher = params.id('voucher', 'Voucher');
	} else {
		const count = fields.count === undefined ? 1 : readBoundedCount(params, 'Number of Vouchers', requireIntegerInRange(params, 'Number of Vouchers', fields.count, 1, MAX_COUNT));
		if (sourceId && count > 1) fail(params, 'Number of Vouchers', 'must be 1 with a Source ID (the service publishes one voucher per source ID)');
		body.campaign = count > 1 ? { name: params.id('campaignId', 'Campaign'), count } : { name: params.id('campaignId', 'Campaign') };
		joinOnce = params.get<boolean>('joinOnce', true) === true;
	}
	// Join once and a source ID make a repeat return the same voucher; otherwise a repeat would give a second one.
	return { body, joinOnce, safeToRepeat: joinOnce || Boolean(sourceId) };
}
