import { startStatusProperty } from '../../shared/catalogue';
import type { IDataObject } from 'n8n-workflow';
import {
	additionalFieldsProperty,
	compact,
	jsonBodyProperties,
	metadataJsonProperty,
	metadataProperty,
	nameProperty,
	readMetadata,
} from '../../shared/fields';
import { fail, parseJsonArray, parseJsonObjectOrNull, requireDateTime, requireOption, requirePatternList, requireText } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { ASSIGN_SHAPE, readRewardAssignment } from '../programReward/batch';
import { VALIDITY_HOURS } from './fields';

/** The service takes at most this many assignments of each kind at creation. */
const MAX_ASSIGNMENTS = 10;
const CARD_DEFINITION_ID = /^lcdef_[a-f0-9]+$/;
const EARNING_RULE_ID = /^lern_[a-f0-9]+$/;
const TIER_STRUCTURE_ID = /^lts_[a-f0-9]+$/;

const asAssignments = (ids: string[]): IDataObject[] | undefined => (ids.length ? ids.map((id) => ({ id })) : undefined);

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a loyalty program',
	description:
		'Create a loyalty program, as a draft or active, with its card definitions, earning rules, rewards and tier structure. An active program needs an active card definition and an active earning rule.',
	endpoint: 'POST /v2/loyalties/programs',
	repeatHint: 'Each run creates another program.',
	properties: [
		nameProperty("The program's name, 1 to 200 characters"),
		additionalFieldsProperty([
			{
				displayName: 'Card Definition Names or IDs',
				name: 'cardDefinitionIds',
				type: 'multiOptions',
				typeOptions: { loadOptionsMethod: 'loadCardDefinitions' },
				default: [],
				description: `Card definitions to assign (at most ${MAX_ASSIGNMENTS}). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
			},
			{
				displayName: 'Earning Rule IDs',
				name: 'earningRuleIds',
				type: 'string',
				default: '',
				placeholder: 'lern_..., lern_...',
				description: `Earning rules to assign, separated by commas (at most ${MAX_ASSIGNMENTS})`,
			},
			{ displayName: 'End Date', name: 'endDate', type: 'dateTime', default: '', description: 'When the program ends' },
			metadataProperty,
			metadataJsonProperty,
			{
				displayName: 'Rewards (JSON)',
				name: 'rewardsJson',
				type: 'json',
				default: '[]',
				placeholder: JSON.stringify(ASSIGN_SHAPE),
				description: `Rewards to assign (at most ${MAX_ASSIGNMENTS}), each with its stock as the placeholder shows: LIMITED with its quantity, or UNLIMITED`,
			},
			{ displayName: 'Start Date', name: 'startDate', type: 'dateTime', default: '', description: 'When the program starts' },
			startStatusProperty('The status the program starts in (default Draft). Active needs an active card definition and an active earning rule among the assignments.'),
			{
				displayName: 'Tier Structure ID',
				name: 'tierStructureId',
				type: 'string',
				default: '',
				placeholder: 'lts_...',
				description: 'The tier structure to assign (a program has at most one)',
			},
			...jsonBodyProperties([{ ...VALIDITY_HOURS, nullable: false, description: 'When the program applies: {"type": "ANY_TIME"} (the default), or {"type": "DAILY"} with its daily windows (days 0 = Sunday to 6 = Saturday, times as HH:mm).' }]),
		]),
	],
	build: (params) => {
		const name = requireText(params, 'Name', params.get('name', ''), { max: 200 });
		const fields = params.get<IDataObject>('additionalFields', {});
		const date = (value: unknown, label: string) => (value === undefined || value === '' || value === null ? undefined : requireDateTime(params, label, value));
		const startDate = date(fields.startDate, 'Start Date');
		const endDate = date(fields.endDate, 'End Date');
		if (startDate && endDate && Date.parse(endDate) < Date.parse(startDate)) fail(params, 'End Date', 'must not be before Start Date');
		const validity = fields.validityHours === undefined ? null : parseJsonObjectOrNull(params, VALIDITY_HOURS.displayName, fields.validityHours);
		const rewards = parseJsonArray(params, 'Rewards (JSON)', fields.rewardsJson ?? '[]').map((entry, index) => readRewardAssignment(params, entry, `Rewards (JSON) entry ${index + 1}`));
		if (rewards.length > MAX_ASSIGNMENTS) fail(params, 'Rewards (JSON)', `takes at most ${MAX_ASSIGNMENTS} rewards (got ${rewards.length})`);
		const tierStructures = requirePatternList(params, 'Tier Structure ID', fields.tierStructureId ?? '', TIER_STRUCTURE_ID, 'lts_0a1b2c', 1);
		const body = compact({
			name,
			start_date: startDate,
			end_date: endDate,
			validity_hours: validity && Object.keys(validity).length ? VALIDITY_HOURS.check!(params, VALIDITY_HOURS.displayName, validity) : undefined,
			status: fields.status === undefined ? undefined : requireOption(params, 'Status', fields.status, ['ACTIVE', 'DRAFT']),
			metadata: readMetadata(params, fields),
			card_definitions: asAssignments(requirePatternList(params, 'Card Definition Names or IDs', fields.cardDefinitionIds ?? [], CARD_DEFINITION_ID, 'lcdef_0a1b2c', MAX_ASSIGNMENTS)),
			earning_rules: asAssignments(requirePatternList(params, 'Earning Rule IDs', fields.earningRuleIds ?? '', EARNING_RULE_ID, 'lern_0a1b2c', MAX_ASSIGNMENTS)),
			rewards: rewards.length ? rewards : undefined,
			tier_structures: asAssignments(tierStructures),
		});
		return { method: 'POST', path: '/v2/loyalties/programs', body };
	},
};
