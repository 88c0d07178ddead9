import type { IDataObject } from 'n8n-workflow';
import { sendBulk } from '../../shared/bulk';
import { additionalFieldsProperty } from '../../shared/fields';
import { waitSecondsProperty } from '../../shared/jobs';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { importCodeProperty, readImportCode, readImportSettings } from '../voucher/bulk';
import { CAMPAIGN_IMPORT_OPTIONS, CARD_VALUE_BOUNDS, campaignImportRecord, importCampaignProperty, readCardValue, readImportCampaign } from './fields';

export const importVouchers: OperationDefinition = {
	value: 'importVouchers',
	name: 'Import Vouchers',
	action: 'Import vouchers into a campaign',
	description:
		"Add the vouchers of all input items, with your codes, to an existing campaign in as few requests as the 10 MB limit allows, waiting until the service has imported each; they take the campaign's type and settings. Failed codes come out as items paired with their input.",
	endpoint: 'POST /v1/campaigns/{campaignId}/import then GET /v1/async-actions/{asyncActionId}',
	repeatHint: 'Sent again, every code it had imported would fail as a duplicate: check the async action first.',
	properties: [importCampaignProperty, importCodeProperty, additionalFieldsProperty(CAMPAIGN_IMPORT_OPTIONS), ...CARD_VALUE_BOUNDS, waitSecondsProperty],
	record: campaignImportRecord(CAMPAIGN_IMPORT_OPTIONS),
	bounded: { 'additionalFields.giftAmount': 'amount', 'additionalFields.loyaltyPoints': 'points' },
	batch: {
		readRow(params) {
			readImportCampaign(params);
			const fields = params.get<IDataObject>('additionalFields', {});
			return { code: readImportCode(params), ...readImportSettings(params, fields), ...readCardValue(params, fields) };
		},
		send: async (rows, params, client) =>
			await sendBulk(
				{ noun: 'campaign voucher import', path: path`/v1/campaigns/${readImportCampaign(params)}/import`, key: 'code', safeToRepeat: false, failures: 'failed', maxRecords: Infinity, record: 'voucher' },
				rows,
				params,
				client,
			),
	},
};
