import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty, compact, isSet, metadataJsonProperty, metadataProperty, readMetadata } from '../../shared/fields';
import { customerRef } from '../../shared/customerRef';
import { parseJsonObject, requireScalarText } from '../../shared/validate';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { redemptionProperty } from './fields';

export const rollback: OperationDefinition = {
	value: 'rollback',
	name: 'Roll Back',
	action: 'Roll back a redemption',
	description: 'Undo a redemption: the voucher gets the use back, a gift card its credits, a loyalty card its points',
	endpoint: 'POST /v1/redemptions/{redemptionId}/rollback or POST /v1/redemptions/{redemptionId}/rollbacks',
	safeToRepeat: true,
	properties: [
		redemptionProperty,
		{
			displayName: 'Stacked Redemption',
			name: 'stacked',
			type: 'boolean',
			default: false,
			description:
				'Whether this is the parent of a stacked redemption (the parent_redemption of a Redeem with several redeemables): all its redemptions are rolled back',
		},
		additionalFieldsProperty([
			{
				displayName: 'Customer',
				name: 'customer',
				type: 'string',
				default: '',
				placeholder: 'cust_… or customer-123',
				description: 'The customer of the original redemption: their ID (cust_…) or the source ID your system knows them by',
			},
			metadataProperty,
			metadataJsonProperty,
			{
				displayName: 'Order (JSON)',
				name: 'orderJson',
				type: 'json',
				default: '{}',
				placeholder: '{ "source_id": "ORD-1001", "status": "CANCELED" }',
				description: 'The original order as the service takes it (source_id, status, items, metadata; amounts in hundredths)',
			},
			{ displayName: 'Reason', name: 'reason', type: 'string', default: '', description: 'Why the redemption is undone' },
			{
				displayName: 'Tracking ID',
				name: 'trackingId',
				type: 'string',
				default: '',
				description: "The customer's source ID",
			},
		]),
	],
	build(params) {
		const redemptionId = params.id('redemptionId', 'Redemption');
		const fields = params.get<IDataObject>('additionalFields', {});
		const text = (name: string, label: string) => (fields[name] === undefined ? undefined : requireScalarText(params, label, fields[name]).trim());
		const metadata = readMetadata(params, fields);
		const order = fields.orderJson === undefined ? {} : parseJsonObject(params, 'Order (JSON)', fields.orderJson);
		return {
			method: 'POST',
			path: `${path`/v1/redemptions/${redemptionId}`}/${params.get<boolean>('stacked', false) === true ? 'rollbacks' : 'rollback'}`,
			query: compact({ reason: text('reason', 'Reason'), tracking_id: text('trackingId', 'Tracking ID') }),
			// The contract asks for a JSON body, also when it is empty.
			body: compact({
				customer: isSet(fields.customer) ? customerRef(params, 'Customer', fields.customer) : undefined,
				order: Object.keys(order).length > 0 ? order : undefined,
				metadata,
			}),
			// A repeat cannot undo twice: the service refuses to roll back a rolled-back redemption.
		};
	},
};
