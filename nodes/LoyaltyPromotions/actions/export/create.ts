import type { IDataObject } from 'n8n-workflow';
import { compact } from '../../shared/fields';
import { locatorProperty } from '../../shared/locator';
import { fail, optionalId, parseJsonObject, requireOption, requireScalarText } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { EXPORTS, exportedObjectProperty, perKindProperties } from './fields';

const KINDS = Object.keys(EXPORTS);

const FILTERS_SHAPE = { junction: 'and', created_at: { conditions: { $after: ['2024-01-01T00:00:00Z'] } } };

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create an export',
	description: 'Start an export of vouchers, redemptions, customers, points expirations and more to a CSV file; Download fetches the file once it is done',
	endpoint: 'POST /v1/exports',
	safeToRepeat: true,
	properties: [
		exportedObjectProperty,
		...perKindProperties,
		{
			...locatorProperty({
				name: 'campaignId',
				displayName: 'Campaign',
				description: 'Only the vouchers of this campaign (optional)',
				noun: 'campaign',
				searchListMethod: 'searchCampaigns',
				idPlaceholder: 'camp_...',
				required: false,
			}),
			displayOptions: { show: { exportedObject: ['voucher'] } },
		},
		{
			displayName: 'Filters (JSON)',
			name: 'filtersJson',
			type: 'json',
			default: '{}',
			placeholder: JSON.stringify(FILTERS_SHAPE, null, 2),
			description: `Which records to export, in the service's filter syntax (field → conditions). Shape: ${JSON.stringify(FILTERS_SHAPE)}.`,
		},
	],
	build(params) {
		const kind = requireOption(params, 'Exported Object', params.get('exportedObject', ''), KINDS);
		const { fields: allowed, orders } = EXPORTS[kind];
		const fieldsValue = params.get<unknown>('fields', []);
		if (!Array.isArray(fieldsValue)) fail(params, 'Fields', 'must be a list of field names');
		const fields = (fieldsValue as unknown[]).map((field) => requireOption(params, 'Fields', field, allowed));
		const orderValue = requireScalarText(params, 'Sort By', params.get('order', '')).trim();
		const order = orderValue === '' ? undefined : requireOption(params, 'Sort By', orderValue, orders.flatMap((o) => [o, `-${o}`]));
		const filters = parseJsonObject(params, 'Filters (JSON)', params.get('filtersJson', '{}'));
		const campaignId = kind === 'voucher' ? optionalId(params, 'Campaign', params.get('campaignId', '')) : undefined;
		const parameters: IDataObject = compact({
			fields: fields.length > 0 ? fields : undefined,
			order,
			filters: Object.keys(filters).length > 0 ? filters : undefined,
			campaign_id: campaignId,
		});
		return {
			method: 'POST',
			path: '/v1/exports',
			body: { exported_object: kind, ...(Object.keys(parameters).length > 0 ? { parameters } : {}) },
			// An export changes nothing: a repeat after a lost answer only schedules a second file.
		};
	},
};
