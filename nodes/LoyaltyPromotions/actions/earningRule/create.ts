import { startStatusProperty } from '../../shared/catalogue';
import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty, compact, jsonBodyProperties, metadataJsonProperty, metadataProperty, nameProperty, readJsonBodyFields, readMetadata } from '../../shared/fields';
import { requireOption, requireText } from '../../shared/validate';
import { VALIDITY_HOURS } from '../program/fields';
import type { OperationDefinition } from '../types';
import { earningsJsonProperty, earningsProperty, readDates, readEarnings, readErrorMessage, readTrigger, RULE_OPTIONS, TRIGGER_LIMITS, triggerProperties } from './fields';

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create an earning rule',
	description: 'Create an earning rule: what triggers it (an order paid, a custom event, a segment entered) and what it gives (points or a benefit). Assign it to a program to use it.',
	endpoint: 'POST /v2/loyalties/earning-rules',
	repeatHint: 'Each run creates another earning rule.',
	properties: [
		nameProperty("The earning rule's name, 1 to 200 characters"),
		...triggerProperties,
		earningsProperty,
		additionalFieldsProperty([
			earningsJsonProperty,
			...RULE_OPTIONS,
			metadataProperty,
			metadataJsonProperty,
			startStatusProperty('The status the rule starts in (default Draft)'),
			...jsonBodyProperties([{ ...VALIDITY_HOURS, nullable: false }, { ...TRIGGER_LIMITS, nullable: false }]),
		]),
	],
	// The trigger's custom_event.schema_id and segment.id, named with their object.
	record: {
		name: 'name',
		custom_event_schema_id: 'customEventSchemaId',
		segment_id: 'segmentId',
		start_date: 'additionalFields.startDate',
		end_date: 'additionalFields.endDate',
		status: 'additionalFields.status',
	},
	// the trigger as the service returns it: its event (the panel's Trigger, compared) and the schema or segment
	recordPaths: { 'trigger.event': 'triggerEvent', 'trigger.custom_event.schema_id': 'custom_event_schema_id', 'trigger.segment.id': 'segment_id' },
	build: (params) => {
		const name = requireText(params, 'Name', params.get('name', ''), { max: 200 });
		const trigger = readTrigger(params);
		const fields = params.get<IDataObject>('additionalFields', {});
		const earnings = readEarnings(params, params.get<IDataObject>('earnings', {}), fields.earningsJson, true);
		const settings = readJsonBodyFields(params, fields, [VALIDITY_HOURS, TRIGGER_LIMITS]);
		const body = compact({
			name,
			trigger,
			earnings,
			status: fields.status === undefined ? undefined : requireOption(params, 'Status', fields.status, ['ACTIVE', 'DRAFT']),
			...readDates(params, fields),
			error: readErrorMessage(params, fields),
			validity_hours: settings.validity_hours,
			trigger_limits: settings.trigger_limits,
			metadata: readMetadata(params, fields),
		});
		return { method: 'POST', path: '/v2/loyalties/earning-rules', body };
	},
};
