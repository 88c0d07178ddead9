import type { IDataObject } from 'n8n-workflow';
import { projectIdProperty } from '../../shared/fields';
import { requireAnyField } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { activeProperty, eventsProperty, readEvents, readTargetUrl, targetUrlProperty, webhookIdProperty, webhookPath } from './fields';

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a webhook',
	description: "Change a webhook configuration's target URL, events or active flag",
	endpoint: 'PUT /management/v1/projects/{projectId}/webhooks/{webhookId}',
	properties: [
		projectIdProperty,
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
		const body: IDataObject = {};
		if (fields.targetUrl !== undefined) body.target_url = readTargetUrl(params, fields.targetUrl);
		if (fields.events !== undefined) body.events = readEvents(params, fields.events);
		if (fields.active !== undefined) body.active = fields.active === true;
		requireAnyField(params, 'Update Fields', body);
		return { method: 'PUT', path: await webhookPath(params), body };
	},
};
