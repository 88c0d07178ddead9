import type { INodeProperties } from 'n8n-workflow';
import { ALL_EVENTS, EVENT_KINDS, eventOptions } from './events';
import { REMEMBERED_DELIVERIES, REMEMBER_FOR_MS } from './repeats';

const rememberedDays = REMEMBER_FOR_MS / (24 * 60 * 60 * 1000);

export const triggerProperties: INodeProperties[] = [
	{
		displayName: 'Project ID',
		name: 'projectId',
		type: 'string',
		default: '',
		placeholder: 'proj_abc123',
		description: "The project whose events start the workflow. Leave empty to use the credential's Project ID.",
	},
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		required: true,
		default: [],
		options: eventOptions({ includeAll: true }),
		description: `The event kinds that start the workflow. [All Events] (value "${ALL_EVENTS}") subscribes to all ${EVENT_KINDS.length}.`,
	},
	{
		displayName:
			'Verify Signature is off: anyone who learns this webhook URL can start the workflow with a forged delivery. Turn it on unless something in front of n8n checks the signature.',
		name: 'unverifiedNotice',
		type: 'notice',
		default: '',
		// A root path ('/…'): n8n-workflow up to 2.34.0 cannot order a dependency on a dotted name of this level
		// ('Max iterations reached'), but every version skips root paths when ordering and reads them with a path lookup.
		displayOptions: { show: { '/options.verifySignature': [false] } },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Ignore Repeated Deliveries',
				name: 'ignoreRepeatedDeliveries',
				type: 'boolean',
				default: true,
				description: `Whether to drop a delivery whose ID was already received (the service retries failed deliveries with the same ID). IDs are remembered for ${rememberedDays} days, at most the last ${REMEMBERED_DELIVERIES.toLocaleString('en-US')}.`,
			},
			{
				displayName: 'Output',
				name: 'output',
				type: 'options',
				default: 'delivery',
				options: [
					{
						name: 'Data Only',
						value: 'data',
						description: "Only the delivery's data: the object the event is about",
					},
					{
						name: 'Whole Delivery',
						value: 'delivery',
						description: 'The delivery with its ID, type, data, source and event',
					},
				],
			},
			{
				displayName: 'Verify Signature',
				name: 'verifySignature',
				type: 'boolean',
				default: true,
				description:
					"Whether to refuse deliveries whose x-voucherify-signature does not match the credential's Webhook Signing Secret (answered with 401). While on, the workflow cannot be activated without that secret.",
			},
		],
	},
];
