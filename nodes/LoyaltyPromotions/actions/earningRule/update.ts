import type { IDataObject } from 'n8n-workflow';
import { jsonBodyProperties, metadataJsonProperty, metadataProperty, readUpdateBody, updateFieldsProperty, updateNameProperty } from '../../shared/fields';
import { catalogueLocator, cataloguePath } from '../../shared/catalogue';
import { VALIDITY_HOURS } from '../program/fields';
import type { OperationDefinition } from '../types';
import { EARNING_RULE, earningsJsonProperty, readDates, readEarnings, readErrorMessage, RULE_OPTIONS, TRIGGER_LIMITS } from './fields';

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update an earning rule',
	description:
		"Change an earning rule's name, earnings, dates, error message, validity hours, trigger limits or metadata. Earnings given replace the rule's earnings. Its status changes only through Activate, Deactivate and Move to Draft.",
	endpoint: 'PUT /v2/loyalties/earning-rules/{id}',
	properties: [
		catalogueLocator(EARNING_RULE),
		updateFieldsProperty([
			updateNameProperty('earning rule'),
			{ ...earningsJsonProperty, description: "The rule's earnings, replacing its current ones (1 or more, each with its effects; an entry with its ID lernei_… updates that earning)" },
			...RULE_OPTIONS,
			...jsonBodyProperties([VALIDITY_HOURS, TRIGGER_LIMITS]),
			metadataProperty,
			metadataJsonProperty,
		]),
	],
	build: (params) => {
		const path = cataloguePath(params, EARNING_RULE);
		const fields = params.get<IDataObject>('updateFields', {});
		const extra: IDataObject = { ...readDates(params, fields), error: readErrorMessage(params, fields), earnings: readEarnings(params, undefined, fields.earningsJson, false) };
		return { method: 'PUT', path, body: readUpdateBody(params, fields, [VALIDITY_HOURS, TRIGGER_LIMITS], extra) };
	},
};
