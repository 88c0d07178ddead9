import type { IDataObject } from 'n8n-workflow';
import {
	jsonBodyProperties,
	metadataJsonProperty,
	metadataProperty,
	readUpdateBody,
	updateFieldsProperty,
	updateNameProperty,
	type JsonBodyField,
} from '../../shared/fields';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { cardDefinitionOptions } from './search';

const DAY_MONTH = { day: 31, month: 12 };

/** The card definition's object-valued settings, as JSON fields with the shapes of the spec. */
const JSON_FIELDS: JsonBodyField[] = [
	{
		name: 'codeConfig',
		key: 'code_config',
		displayName: 'Code Config',
		description: 'How card codes are generated.',
		shape: { pattern: 'LC-########', length: 10, charset: '0123456789', prefix: 'LC-', postfix: '' },
		nullable: true,
	},
	{
		name: 'pointsExpiration',
		key: 'points_expiration',
		displayName: 'Points Expiration',
		description: 'When points expire; use one or more of the three modes.',
		shape: {
			rolling_expiration: { period: { value: 12 }, rounding: { value: 1 } },
			calendar_expiration: { expiration_dates: [DAY_MONTH] },
			sliding_expiration: {
				period: { value: 6 },
				earning_activity: true,
				spending_activity: true,
				custom_activity: false,
				custom_activity_types: ['custom_event_name'],
			},
		},
		nullable: true,
	},
	{
		name: 'pendingPoints',
		key: 'pending_points',
		displayName: 'Pending Points',
		description: 'When earned points become active; use one or more of the three modes. Null disables pending points.',
		shape: {
			period_based: { period: { value: 14 } },
			fixed_dates: { dates: [{ day: 1, month: 1 }] },
			event_based: { event_types: ['customer.order.paid'], cancel_period: { value: 30 } },
		},
		nullable: true,
	},
	{
		name: 'earningLimits',
		key: 'earning_limits',
		displayName: 'Earning Limits',
		description: 'Caps on the points a card can earn, globally and per transaction.',
		shape: { global: { limits: [{ max: 10000 }] }, transactions: { limits: [{ max: 500, min_amount: 1000 }] } },
		nullable: true,
	},
	{
		name: 'spendingLimits',
		key: 'spending_limits',
		displayName: 'Spending Limits',
		description: 'Caps on the points a card can spend, globally and per transaction.',
		shape: { global: { limits: [{ max: 10000 }] }, transactions: { limits: [{ type: 'POINTS', max: 500 }] } },
		nullable: true,
	},
	{
		name: 'refunds',
		key: 'refunds',
		displayName: 'Refunds',
		description: 'What happens to spent and earned points when an order is refunded.',
		shape: { spent_points: { methods: [{ type: 'RETURN_POINTS' }] }, earned_points: { methods: [] } },
		nullable: true,
	},
];

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a card definition',
	description: 'Change a card definition. Once it has left DRAFT, only Name and Metadata can change (the service answers 409 otherwise).',
	endpoint: 'PUT /v2/loyalties/card-definitions/{id}',
	properties: [
		{ ...cardDefinitionOptions('cardDefinitionId', 'The card definition to update'), required: true },
		updateFieldsProperty([
			updateNameProperty('card definition'),
			{
				displayName: 'Allow Negative Balance',
				name: 'allowNegative',
				type: 'boolean',
				default: false,
				description: "Whether a card's points balance may go below zero",
			},
			...jsonBodyProperties(JSON_FIELDS),
			metadataProperty,
			metadataJsonProperty,
		]),
	],
	build: (params) => {
		const id = params.id('cardDefinitionId', 'Card Definition ID');
		const fields = params.get<IDataObject>('updateFields', {});
		const extra: IDataObject = {
			balance_settings: fields.allowNegative === undefined ? undefined : { allow_negative: fields.allowNegative === true },
		};
		const body = readUpdateBody(params, fields, JSON_FIELDS, extra);
		return { method: 'PUT', path: path`/v2/loyalties/card-definitions/${id}`, body };
	},
};
