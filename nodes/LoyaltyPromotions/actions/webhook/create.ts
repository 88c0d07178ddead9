import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty, projectProperties } from '../../shared/fields';
import type { OperationDefinition } from '../types';
import { activeProperty, eventsProperty, readEvents, readTargetUrl, targetUrlProperty, webhooksPath } from './fields';

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a webhook',
	description: 'Register a webhook configuration that sends the chosen events to a URL',
	endpoint: 'POST /management/v1/projects/{projectId}/webhooks',
	properties: [
		...projectProperties,
		{ ...targetUrlProperty, required: true },
		{ ...eventsProperty, required: true },
		additionalFieldsProperty([activeProperty]),
	],
	build: async (params) => {
		const additional = params.get<IDataObject>('additionalFields', {});
		const body: IDataObject = {
			target_url: readTargetUrl(params, params.get('targetUrl', '')),
			events: readEvents(params, params.get('events', [])),
		};
		if (additional.active !== undefined) body.active = additional.active === true;
		return { method: 'POST', path: await webhooksPath(params), body };
	},
};
