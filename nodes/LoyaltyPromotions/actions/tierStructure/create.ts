import { startStatusProperty } from '../../shared/catalogue';
import type { IDataObject, INodeProperties } from 'n8n-workflow';
import {
	additionalFieldsProperty,
	compact,
	enumProperty,
	metadataJsonProperty,
	metadataProperty,
	nameProperty,
	periodProperties,
	readJsonBodyFields,
	readMetadata,
	readTypeWithPeriod,
} from '../../shared/fields';
import { requireOption, requireText } from '../../shared/validate';
import { cardDefinitionOptions } from '../cardDefinition/search';
import type { OperationDefinition } from '../types';
import { DOWNGRADE_PROPERTIES, EXPIRATION_PROPERTIES, EXPIRATION_TYPE, JSON_FIELDS, readDowngrade, readTracking, TRACKING_PERIOD } from './fields';

const POINT_EARNED = { show: { type: ['POINT_EARNED'] } };

/** What decides the tier: Type, its card definition, and with Point Earned the tracking period and tier change (all required). */
const TRACKING: INodeProperties[] = [
	{
		...enumProperty('type', 'Type', 'What decides the tier', {
			POINT_BALANCE: ['Point Balance', "Tiers follow the card's current points balance"],
			POINT_EARNED: ['Point Earned', 'Tiers follow the points earned over a tracking period'],
		}),
		default: 'POINT_BALANCE',
		required: true,
	},
	{ ...cardDefinitionOptions('cardDefinitionId', 'The card definition whose points decide the tier'), required: true },
	...periodProperties('pointEarnedPeriod', 'Point Earned Period', 'How long earned points count towards a tier', TRACKING_PERIOD).map((property) => ({
		...property,
		default: property.name === 'pointEarnedPeriodUnit' ? 'MONTH' : 12,
		required: true,
		displayOptions: POINT_EARNED,
	})),
	{
		...enumProperty('pointEarnedTierChange', 'Point Earned Tier Change', 'When a tier reached by earning points takes effect', {
			IMMEDIATELY: 'Immediately',
			NEXT_TRACKING_PERIOD: 'Next Tracking Period',
		}),
		required: true,
		displayOptions: POINT_EARNED,
	},
];

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a tier structure',
	description:
		'Create a tier structure: what decides the tier (a card\'s points balance, or the points earned over a period), how long a tier lasts and how members move down. Add its tiers with Create Tier, then assign it to a program.',
	endpoint: 'POST /v2/loyalties/tier-structures',
	repeatHint: 'Each run creates another tier structure.',
	properties: [
		nameProperty("The tier structure's name, 1 to 200 characters"),
		...TRACKING,
		additionalFieldsProperty([
			...EXPIRATION_PROPERTIES,
			...DOWNGRADE_PROPERTIES,
			metadataProperty,
			metadataJsonProperty,
			startStatusProperty('The status the tier structure starts in (default Draft, where all its settings can change)'),
		]),
	],
	// The point_earned object's period (value and unit) and type, named with their object: the expiration and
	// downgrade objects have a period and a type of their own.
	record: {
		name: 'name',
		type: 'type',
		point_earned_period: 'pointEarnedPeriod',
		point_earned_period_unit: 'pointEarnedPeriodUnit',
		point_earned_type: 'pointEarnedTierChange',
		status: 'additionalFields.status',
		metadata: 'additionalFields.metadataJson',
	},
	// The tracking settings where a tier structure as the service returns it nests them, in the object its type names.
	recordPaths: {
		'point_earned.period.value': 'point_earned_period',
		'point_earned.period.unit': 'point_earned_period_unit',
		'point_earned.type': 'point_earned_type',
	},
	build: (params) => {
		const name = requireText(params, 'Name', params.get('name', ''), { max: 200 });
		const type = params.get<string>('type', '');
		const earned = type === 'POINT_EARNED';
		const tracking = readTracking(params, {
			type,
			cardDefinitionId: params.get('cardDefinitionId', ''),
			pointEarnedPeriod: earned ? params.get('pointEarnedPeriod', undefined) : undefined,
			pointEarnedPeriodUnit: earned ? params.get('pointEarnedPeriodUnit', undefined) : undefined,
			pointEarnedTierChange: earned ? params.get('pointEarnedTierChange', undefined) : undefined,
		});
		const fields = params.get<IDataObject>('additionalFields', {});
		const body = compact({
			name,
			...tracking,
			// The service's defaults when left out: no retention, no downgrade, DRAFT.
			expiration: readTypeWithPeriod(params, fields, EXPIRATION_TYPE),
			...readJsonBodyFields(params, fields, JSON_FIELDS),
			downgrade: readDowngrade(params, fields),
			status: fields.status === undefined ? undefined : requireOption(params, 'Status', fields.status, ['ACTIVE', 'DRAFT']),
			metadata: readMetadata(params, fields),
		});
		return { method: 'POST', path: '/v2/loyalties/tier-structures', body };
	},
};
