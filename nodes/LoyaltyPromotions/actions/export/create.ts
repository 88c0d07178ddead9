import type { IDataObject } from 'n8n-workflow';
import { compact } from '../../shared/fields';
import { locatorProperty } from '../../shared/locator';
import { optionalId, requireOption } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { EXPORTS, exportedObjectProperty, exportFiltersProperty, perKindProperties, readExportParameters } from './fields';

const KINDS = Object.keys(EXPORTS);

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
		exportFiltersProperty,
	],
	build(params) {
		const kind = requireOption(params, 'Exported Object', params.get('exportedObject', ''), KINDS);
		const campaignId = kind === 'voucher' ? optionalId(params, 'Campaign', params.get('campaignId', '')) : undefined;
		const parameters: IDataObject = compact({ ...readExportParameters(params, kind), campaign_id: campaignId });
		return {
			method: 'POST',
			path: '/v1/exports',
			body: { exported_object: kind, ...(Object.keys(parameters).length > 0 ? { parameters } : {}) },
			// An export changes nothing: a repeat after a lost answer only schedules a second file.
		};
	},
};
