import type { IDataObject } from 'n8n-workflow';
import { projectProperties } from '../../shared/fields';
import { requireAnyField } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { activeProperty, eventsProperty, readEvents, readTargetUrl, targetUrlProperty, webhookIdProperty, webhookPath } from './fields';

/** What a PUT carries: the service replaces the whole configuration and requires target_url and events. */
const WHOLE_BODY = ['target_url', 'events', 'active'] as const;

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a webhook',
	description:
		"Change a webhook configuration's target URL, events or active flag. The fields left out keep their current values (the node reads the webhook first).",
	endpoint: 'PUT /management/v1/projects/{projectId}/webhooks/{webhookId}',
	properties: [
		...projectProperties,
		webhookIdProperty,
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [activeProperty, { ...eventsProperty, description: 'The event kinds the webhook is subscribed to (replaces the current list)' }, targetUrlProperty],
		},
	],
	build: async (params) => {
		const fields = params.get<IDataObject>('updateFields', {});
		const changes: IDataObject = {};
		if (fields.targetUrl !== undefined) changes.target_url = readTargetUrl(params, fields.targetUrl);
		if (fields.events !== undefined) changes.events = readEvents(params, fields.events);
		if (fields.active !== undefined) changes.active = fields.active === true;
		requireAnyField(params, 'Update Fields', changes);
		const path = await webhookPath(params);
		// The PUT replaces the configuration (an omitted active would turn the webhook back on), so the fields the
		// user left out are read from the webhook. The whole body makes a repeated PUT harmless.
		const body: IDataObject = { ...changes };
		if (WHOLE_BODY.some((key) => changes[key] === undefined)) {
			const current = await params.send<IDataObject>({ method: 'GET', path });
			for (const key of WHOLE_BODY) if (body[key] === undefined) body[key] = current[key];
		}
		return { method: 'PUT', path, body: { target_url: body.target_url, events: body.events, active: body.active } };
	},
};
