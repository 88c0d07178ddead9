import type { IDataObject } from 'n8n-workflow';
import {
	idProperty,
	jsonBodyProperties,
	metadataJsonProperty,
	metadataProperty,
	readUpdateBody,
	updateFieldsProperty,
	updateNameProperty,
	type JsonBodyField,
} from '../../shared/fields';
import { fail, parseJsonObject, requireIntegerInRange } from '../../shared/validate';
import { path } from '../../transport/request';
import type { OperationDefinition, ParamReader } from '../types';
import { cardDefinitionOptions } from '../cardDefinition/search';

const JSON_FIELDS: JsonBodyField[] = [
	{
		name: 'expiration',
		key: 'expiration',
		displayName: 'Expiration',
		description: 'When a reached tier expires; use one of the three modes.',
		shape: {
			rolling_expiration: { period: { value: 12 } },
			calendar_expiration: { calendar_dates: [{ day: 31, month: 12 }] },
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
];

const POINT_EARNED_SHAPE = { period: { value: 12 } };

/** point_earned from either its period number or its JSON, never both. */
function readPointEarned(params: ParamReader, fields: IDataObject): IDataObject | undefined {
	const fromNumber = fields.pointEarnedPeriod;
	const fromJson = fields.pointEarned === undefined ? undefined : parseJsonObject(params, 'Point Earned (JSON)', fields.pointEarned);
	const hasJson = fromJson !== undefined && Object.keys(fromJson).length > 0;
	if (fromNumber !== undefined && hasJson) fail(params, 'Point Earned Period', 'set either it or Point Earned (JSON), not both');
	if (fromNumber !== undefined) return { period: { value: requireIntegerInRange(params, 'Point Earned Period', fromNumber, 0) } };
	return hasJson ? fromJson : undefined;
}

function readDowngrade(params: ParamReader, fields: IDataObject): IDataObject | undefined {
	if (fields.gracePeriod === undefined && fields.gracePeriodRoundUp === undefined) return undefined;
	const gracePeriod: IDataObject = {};
	if (fields.gracePeriod !== undefined) gracePeriod.value = requireIntegerInRange(params, 'Downgrade Grace Period', fields.gracePeriod, 0);
	if (fields.gracePeriodRoundUp !== undefined) gracePeriod.round_up = fields.gracePeriodRoundUp === true;
	return { grace_period: gracePeriod };
}

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a tier structure',
	description: 'Change a tier structure. Once it has left DRAFT, only Name and Metadata can change (the service answers 409 otherwise).',
	endpoint: 'PUT /v2/loyalties/tier-structures/{id}',
	properties: [
		idProperty('tierStructureId', 'Tier Structure ID', 'The tier structure to update', 'ltst_...'),
		updateFieldsProperty([
			updateNameProperty('tier structure'),
			{
				displayName: 'Type',
				name: 'type',
				type: 'options',
				options: [
					{ name: 'Point Balance', value: 'POINT_BALANCE', description: "Tiers follow the card's current points balance" },
					{ name: 'Point Earned', value: 'POINT_EARNED', description: 'Tiers follow the points earned over a period (set Point Earned Period)' },
				],
				default: 'POINT_BALANCE',
				description: 'What decides the tier. Point Earned needs Point Earned Period (or its JSON); Point Balance clears it.',
			},
			cardDefinitionOptions('cardDefinitionId', 'The card definition whose points decide the tier'),
			{
				displayName: 'Point Earned Period',
				name: 'pointEarnedPeriod',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 0 },
				default: 12,
				description: 'The period over which earned points count (point_earned.period.value). Only with type Point Earned.',
			},
			{
				displayName: 'Point Earned (JSON)',
				name: 'pointEarned',
				type: 'json',
				default: '{}',
				placeholder: JSON.stringify(POINT_EARNED_SHAPE, null, 2),
				description: `The point_earned object, instead of Point Earned Period. Shape: ${JSON.stringify(POINT_EARNED_SHAPE)}.`,
			},
			...jsonBodyProperties(JSON_FIELDS),
			{
				displayName: 'Downgrade Grace Period',
				name: 'gracePeriod',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 0 },
				default: 0,
				description: 'How long a member keeps a tier after falling below it (downgrade.grace_period.value)',
			},
			{
				displayName: 'Downgrade Grace Period Round Up',
				name: 'gracePeriodRoundUp',
				type: 'boolean',
				default: false,
				description: 'Whether the grace period is rounded up (downgrade.grace_period.round_up)',
			},
			metadataProperty,
			metadataJsonProperty,
		]),
	],
	build: (params) => {
		const id = params.id('tierStructureId', 'Tier Structure ID');
		const fields = params.get<IDataObject>('updateFields', {});
		const type = fields.type as string | undefined;
		if (type !== undefined && type !== 'POINT_BALANCE' && type !== 'POINT_EARNED') fail(params, 'Type', `must be POINT_BALANCE or POINT_EARNED (got "${type}")`);
		const pointEarned = readPointEarned(params, fields);
		if (type === 'POINT_EARNED' && !pointEarned) fail(params, 'Point Earned Period', 'is required when Type is Point Earned');
		if (type === 'POINT_BALANCE' && pointEarned) fail(params, 'Point Earned Period', 'must not be set when Type is Point Balance');
		const extra: IDataObject = {
			type,
			card_definition_id: fields.cardDefinitionId === undefined ? undefined : String(fields.cardDefinitionId).trim(),
			// The service wants point_earned null for a point-balance structure.
			point_earned: type === 'POINT_BALANCE' ? null : pointEarned,
			downgrade: readDowngrade(params, fields),
		};
		const body = readUpdateBody(params, fields, JSON_FIELDS, extra);
		return { method: 'PUT', path: path`/v2/loyalties/tier-structures/${id}`, body };
	},
};
