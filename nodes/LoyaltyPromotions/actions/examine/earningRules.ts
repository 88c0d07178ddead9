import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty, enumOptions, isSet, jsonObjectProperty, moneyProperty } from '../../shared/fields';
import { fail, parseJsonObject, requireOption, requirePattern, toMinorUnits } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { identificationProperties, overrideOptions, readIdentification, readOverrides } from './fields';

const EVENTS = {
	ALL: ['All Events', 'Every trigger event the earning rules have'],
	'customer.custom_event': ['Custom Event', 'A custom event (of one schema, or of any)'],
	'customer.order.paid': ['Order Paid', 'An order paid, described below'],
	'customer.segment.entered': ['Segment Entered', 'The customer entering a segment'],
} as const;

/** The body key of each specific event's context. */
const CONTEXT: Record<string, string> = {
	'customer.order.paid': 'customer_order_paid',
	'customer.segment.entered': 'customer_segment_entered',
	'customer.custom_event': 'customer_custom_event',
};

const show = (...event: string[]) => ({ show: { event } });

export const earningRules: OperationDefinition = {
	value: 'earningRules',
	name: 'Examine Earning Rules',
	action: 'Examine earning rules: the points a customer would earn',
	description:
		"Estimate the points and benefits a customer (in every program, or one member's) would earn for an event, e.g. an order of a given amount, without earning anything",
	endpoint: 'POST /v2/loyalties/examine/earning-rules',
	// An examination changes nothing: a repeat answers the same.
	safeToRepeat: true,
	properties: [
		...identificationProperties,
		{ displayName: 'Event', name: 'event', type: 'options', options: enumOptions(EVENTS as unknown as Record<string, [string, string]>), default: 'customer.order.paid', description: 'Which trigger event to examine' },
		{ ...moneyProperty('orderAmount', 'Order Amount', 'The order amount after discounts.'), displayOptions: show('customer.order.paid') },
		{
			displayName: 'Custom Event Schema ID',
			name: 'customEventSchemaId',
			type: 'string',
			default: '',
			placeholder: 'ms_...',
			description: "The custom event's schema; leave empty to examine every custom event",
			displayOptions: show('customer.custom_event'),
		},
		additionalFieldsProperty([
			...overrideOptions,
			{
				...jsonObjectProperty('orderJson', 'Order (JSON)', 'The rest of the order for proportional earnings (Order Paid): items, initial and discount amounts (minor units), metadata.', {
					initial_amount: 12000,
					discount_amount: 2000,
					items: [{ product_id: 'prod_...', quantity: 2, price: 6000 }],
					metadata: { channel: 'web' },
				}),
			},
			jsonObjectProperty('eventMetadata', 'Custom Event Metadata (JSON)', "The custom event's metadata (Custom Event).", { store: 'Warsaw' }),
		]),
	],
	build: (params) => {
		const identification = readIdentification(params);
		const fields = params.get<IDataObject>('additionalFields', {});
		const overrides = readOverrides(params, fields, identification);
		const event = requireOption(params, 'Event', params.get('event', 'customer.order.paid'), Object.keys(EVENTS));
		const body: IDataObject = { trigger: event === 'ALL' ? { type: 'ALL' } : { type: 'SPECIFIC', specific: { event } }, customer_identification: identification };
		const json = (name: string, label: string) => (fields[name] === undefined ? {} : parseJsonObject(params, label, fields[name]));
		const order = json('orderJson', 'Order (JSON)');
		const eventMetadata = json('eventMetadata', 'Custom Event Metadata (JSON)');
		if (Object.keys(order).length && event !== 'customer.order.paid') fail(params, 'Order (JSON)', 'applies only to the Order Paid event');
		if (Object.keys(eventMetadata).length && event !== 'customer.custom_event') fail(params, 'Custom Event Metadata (JSON)', 'applies only to the Custom Event event');
		if (event === 'ALL') {
			// The service's ALL takes no event context: metadata overrides belong to a specific event's context.
			if (overrides.customer || overrides.member) fail(params, overrides.customer ? 'Customer Metadata (JSON)' : 'Member Metadata (JSON)', 'needs a specific Event (not All Events)');
			return { method: 'POST', path: '/v2/loyalties/examine/earning-rules', body };
		}
		const context: IDataObject = { ...overrides };
		if (event === 'customer.order.paid') {
			// Order Amount (default 0) gives the amount unless Order (JSON) does.
			const amount = params.get('orderAmount', 0);
			if (order.amount !== undefined && isSet(amount) && Number(amount) !== 0) fail(params, 'Order (JSON)', 'cannot give amount as well as Order Amount');
			context.order = { ...order, ...(order.amount === undefined ? { amount: toMinorUnits(params, 'Order Amount', amount ?? 0) } : {}) };
		}
		if (event === 'customer.custom_event') {
			const schema = String(params.get('customEventSchemaId', '') ?? '').trim();
			const metadata = Object.keys(eventMetadata).length ? { metadata: eventMetadata } : {};
			Object.assign(
				context,
				schema
					? { type: 'SPECIFIC', specific: { ...overrides, custom_event: { schema_id: requirePattern(params, 'Custom Event Schema ID', schema, /^ms_[a-zA-Z0-9]+/, 'ms_0a1b2c'), ...metadata } } }
					: { type: 'ALL', all: { ...overrides, custom_event: metadata } },
			);
			delete context.customer;
			delete context.member;
		}
		body[CONTEXT[event]] = context;
		return { method: 'POST', path: '/v2/loyalties/examine/earning-rules', body };
	},
};
