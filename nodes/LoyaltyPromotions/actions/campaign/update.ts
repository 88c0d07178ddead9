import type { IDataObject } from 'n8n-workflow';
import { updateFieldsProperty } from '../../shared/fields';
import { SIMPLE_FIELDS } from '../../shared/simplify';
import { requireAnyField } from '../../shared/validate';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { inCollection } from '../../shared/mapping';
import { CAMPAIGN_BODY_OPTIONS, CAMPAIGN_RECORD, CAMPAIGN_VOUCHER_OPTIONS, campaignLocator, readCampaignBody } from './fields';

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a campaign',
	description: "Change a campaign's settings; the fields left out keep their values (its vouchers take the new dates and rules)",
	endpoint: 'PUT /v1/campaigns/{campaignId}',
	simplify: SIMPLE_FIELDS.campaign,
	properties: [campaignLocator('campaignId', 'The campaign'), updateFieldsProperty([...CAMPAIGN_BODY_OPTIONS, ...CAMPAIGN_VOUCHER_OPTIONS])],
	record: { id: 'campaignId', ...inCollection('updateFields', CAMPAIGN_RECORD) },
	build(params) {
		const campaignId = params.id('campaignId', 'Campaign');
		const body = requireAnyField(params, 'Update Fields', readCampaignBody(params, params.get<IDataObject>('updateFields', {})));
		// The service updates only the fields sent, so a repeated PUT has the same effect.
		return { method: 'PUT', path: path`/v1/campaigns/${campaignId}`, body };
	},
};
