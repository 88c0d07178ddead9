import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty, compact, metadataJsonProperty, metadataProperty, readMetadata } from '../../shared/fields';
import { customerLocator, customerRef } from '../../shared/customerRef';
import { optionalId, parseJsonObject, requireScalarText } from '../../shared/validate';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { loyaltyCampaignLocator, V1_LOYALTY_DEPRECATED_SINCE } from './fields';
import { inCollection } from '../../shared/mapping';

export const add: OperationDefinition = {
	value: 'add',
	name: 'Add',
	action: 'Add a member to a v1 loyalty campaign',
	description: 'Give a customer a loyalty card of a loyalty program (a program set to join once gives a member their existing card)',
	endpoint: 'POST /v1/loyalties/{campaignId}/members',
	deprecated: 'Program Member → Add (Loyalty v2)',
	deprecatedSince: V1_LOYALTY_DEPRECATED_SINCE,
	repeatHint: "With a Source ID in Additional Fields (the membership's ID in your system) it is safe to repeat: the service returns the same card.",
	properties: [
		loyaltyCampaignLocator('campaignId', 'The loyalty program to join'),
		customerLocator('customer', 'Who joins. A source ID the service does not know creates the customer.'),
		additionalFieldsProperty([
			{
				displayName: 'Card Code',
				name: 'cardCode',
				type: 'string',
				default: '',
				description: "A specific unassigned card of the program to give; empty: the program's next card",
			},
			{
				displayName: 'Channel',
				name: 'channel',
				type: 'string',
				default: '',
				description: 'How the card reaches the customer, kept with the publication',
			},
			{
				displayName: 'Customer Fields (JSON)',
				name: 'customerJson',
				type: 'json',
				default: '{}',
				placeholder: '{ "name": "Jane Doe", "email": "jane@example.com" }',
				description: 'More fields of the customer, used when the customer is new; Customer always wins',
			},
			metadataProperty,
			metadataJsonProperty,
			{
				displayName: 'Source ID',
				name: 'sourceId',
				type: 'string',
				default: '',
				description: "The membership's ID in your own system. Sending it again returns the same card, so the request is safe to repeat.",
			},
		]),
	],
	record: { customer: 'customer', ...inCollection('additionalFields', { source_id: 'sourceId', voucher: 'cardCode', channel: 'channel', metadata: 'metadataJson' }) },
	build(params) {
		const campaignId = params.id('campaignId', 'Loyalty Program');
		const fields = params.get<IDataObject>('additionalFields', {});
		const customerJson = fields.customerJson === undefined ? {} : parseJsonObject(params, 'Customer Fields (JSON)', fields.customerJson);
		const sourceId = fields.sourceId === undefined ? '' : requireScalarText(params, 'Source ID', fields.sourceId).trim();
		const body = compact({
			customer: { ...customerJson, ...customerRef(params, 'Customer', params.get('customer')) },
			voucher: optionalId(params, 'Card Code', fields.cardCode),
			source_id: sourceId || undefined,
			channel: fields.channel === undefined ? undefined : requireScalarText(params, 'Channel', fields.channel).trim(),
			metadata: readMetadata(params, fields),
		});
		// With a source ID the service returns the same card again; without one a repeat may issue a second card.
		return { method: 'POST', path: path`/v1/loyalties/${campaignId}/members`, body, safeToRepeat: Boolean(sourceId) };
	},
};
