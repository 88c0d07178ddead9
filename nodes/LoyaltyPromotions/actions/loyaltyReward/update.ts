import type { IDataObject } from 'n8n-workflow';
import { catalogueLocator, cataloguePath } from '../../shared/catalogue';
import { jsonBodyProperties, metadataJsonProperty, metadataProperty, readUpdateBody, updateFieldsProperty, updateNameProperty } from '../../shared/fields';
import { fail } from '../../shared/validate';
import { readDates } from '../earningRule/fields';
import { VALIDITY_HOURS } from '../program/fields';
import type { OperationDefinition } from '../types';
import { costsJsonProperty, DATE_OPTIONS, DIGITAL_JSON, LOYALTY_REWARD, MATERIAL_JSON, PURCHASE_LIMITS, readCosts, readRefunds, refundableProperty } from './fields';

const REWARD_VALIDITY_HOURS = { ...VALIDITY_HOURS, description: 'When the reward can be purchased: {"type": "ANY_TIME"}, or {"type": "DAILY"} with its daily windows.' };

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a loyalty reward',
	description:
		"Change a reward's name, costs, dates, refund policy, validity hours, purchase limits or metadata (an active or inactive reward takes only name, metadata, refunds, validity hours, dates and costs); what it gives changes only while it is DRAFT. Its status changes only through Activate, Deactivate and Move to Draft.",
	endpoint: 'PUT /v2/loyalties/rewards/{id}',
	properties: [
		catalogueLocator(LOYALTY_REWARD),
		updateFieldsProperty([
			updateNameProperty('reward'),
			{ ...costsJsonProperty, description: "The reward's costs, replacing its current ones (1 to 10; a cost with its ID lrcst_… updates that cost)" },
			...DATE_OPTIONS,
			refundableProperty,
			...jsonBodyProperties([REWARD_VALIDITY_HOURS, PURCHASE_LIMITS, MATERIAL_JSON, DIGITAL_JSON]),
			metadataProperty,
			metadataJsonProperty,
		]),
	],
	build: (params) => {
		const path = cataloguePath(params, LOYALTY_REWARD);
		const fields = params.get<IDataObject>('updateFields', {});
		const body = readUpdateBody(params, fields, [REWARD_VALIDITY_HOURS, PURCHASE_LIMITS, MATERIAL_JSON, DIGITAL_JSON], {
			...readDates(params, fields),
			refunds: readRefunds(params, fields),
			costs: readCosts(params, undefined, fields.costsJson, false),
		});
		// What the reward gives comes with its type; the other kind's object must then be null.
		if (body.material !== undefined && body.digital !== undefined) fail(params, 'Digital (JSON)', 'cannot be combined with Material (JSON): a reward gives one or the other');
		if (body.material) Object.assign(body, { type: 'MATERIAL', digital: null });
		if (body.digital) Object.assign(body, { type: 'DIGITAL', material: null });
		return { method: 'PUT', path, body };
	},
};
