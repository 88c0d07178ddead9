import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult, INodeProperties } from 'n8n-workflow';
import { catalogueLocator, cataloguePath, V2_LIST } from '../../shared/catalogue';
import {
	additionalFieldsProperty,
	compact,
	enumProperty,
	filtersProperty,
	metadataJsonProperty,
	metadataProperty,
	nameProperty,
	readFilterQuery,
	readMetadata,
	readUpdateBody,
	sortOrderFilter,
	sortOrderValues,
	updateFieldsProperty,
	updateNameProperty,
} from '../../shared/fields';
import { locatorProperty } from '../../shared/locator';
import { chosenValue, searchList } from '../../shared/search';
import { fail, locatorValue, requireIdText, requireOption, requirePattern, requireText } from '../../shared/validate';
import { path } from '../../transport/request';
import { segmentLocator } from '../segment/fields';
import type { OperationDefinition, ParamReader } from '../types';
import { TIER_STRUCTURE } from './fields';

/**
 * The tiers of a tier structure (at most 10): what points (and, with POINTS_AND_SEGMENT, which segment) qualify a
 * member for each, and whether members may drop from it. Once the structure has left DRAFT only a tier's name and
 * metadata can change.
 */
const TIER_ID = /^lt_[a-f0-9]+$/;
const TIER_EXAMPLE = 'lt_0a1b2c';
/** The service's bound on points thresholds. */
const MAX_POINTS = 1_000_000_000;
const QUALIFICATIONS = ['POINTS', 'POINTS_AND_SEGMENT'];
const DOWNGRADES = ['INHERIT', 'NO_DOWNGRADE'];

const structureLocator = catalogueLocator(TIER_STRUCTURE);

/** The tier locator: From List lists the chosen tier structure's tiers. */
const tierLocator = locatorProperty({
	name: 'tierId',
	displayName: 'Tier',
	description: `The tier of the tier structure, picked from the list or given by ID (e.g. ${TIER_EXAMPLE})`,
	noun: 'tier',
	searchListMethod: 'searchTiers',
	idPlaceholder: 'lt_...',
});

/** From List for Tier: the tiers of the tier structure chosen above, by name (the service has no filters here). */
export async function searchTiers(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const structureId = chosenValue(this, TIER_STRUCTURE.idName);
	// Without a tier structure there is no list to read: one entry says so (choosing it is refused as an empty ID).
	if (!structureId) return { results: [{ name: 'Choose a Tier Structure First', value: '' }] };
	return await searchList(
		this,
		{
			request: { method: 'GET', path: path`/v2/loyalties/tier-structures/${structureId}/tiers`, query: { order: 'name' } },
			list: V2_LIST,
			toItem: (tier) => {
				const points = (tier.qualification_rules as IDataObject | undefined)?.points as IDataObject | undefined;
				const range = points ? ` (${String(points.min_value)}${points.max_value === undefined ? '+' : `–${String(points.max_value)}`} points)` : '';
				return { name: `${String(tier.name || tier.id)}${range}`, value: String(tier.id) };
			},
		},
		filter,
		paginationToken,
	);
}

const tiersPath = (params: ParamReader) => cataloguePath(params, TIER_STRUCTURE, '/tiers');
const tierPath = (params: ParamReader) => `${tiersPath(params)}${path`/${requirePattern(params, 'Tier', params.id('tierId', 'Tier'), TIER_ID, TIER_EXAMPLE)}`}`;

const qualificationTypeProperty = enumProperty('qualificationType', 'Qualification Type', 'What qualifies a member for the tier', {
	POINTS: ['Points', 'Points between Min Points and Max Points'],
	POINTS_AND_SEGMENT: ['Points and Segment', 'Those points, and being in Segment'],
});

const minPointsProperty: INodeProperties = {
	displayName: 'Min Points',
	name: 'minPoints',
	type: 'number',
	typeOptions: { minValue: 0, maxValue: MAX_POINTS },
	default: 0,
	description: `The fewest points that qualify for the tier (0 to ${MAX_POINTS.toLocaleString('en')})`,
};

const maxPointsProperty: INodeProperties = {
	displayName: 'Max Points',
	name: 'maxPoints',
	type: 'number',
	typeOptions: { minValue: 0, maxValue: MAX_POINTS },
	default: 0,
	description: 'The most points of the tier (at least Min Points); leave out for no upper bound',
};

const downgradeProperty = enumProperty('downgradeType', 'Downgrade', 'Whether members may drop from this tier', {
	INHERIT: ['Inherit', "The tier structure's downgrade settings apply (the default)"],
	NO_DOWNGRADE: ['No Downgrade', 'Members never drop from this tier'],
});

function points(params: ParamReader, label: string, value: unknown): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof number !== 'number' || !Number.isFinite(number) || number < 0 || number > MAX_POINTS) fail(params, label, `must be a number from 0 to ${MAX_POINTS} (got ${JSON.stringify(value)})`);
	return number;
}

/** qualification_rules from its fields: the type, the points range (min ≤ max), and the segment POINTS_AND_SEGMENT needs. */
function readQualification(params: ParamReader, given: { type: unknown; min: unknown; max: unknown; segment: unknown }): IDataObject {
	const type = requireOption(params, 'Qualification Type', given.type, QUALIFICATIONS);
	if (given.min === undefined || given.min === '') fail(params, 'Min Points', 'is required with Qualification Type');
	const range: IDataObject = { min_value: points(params, 'Min Points', given.min) };
	if (given.max !== undefined && given.max !== '') {
		range.max_value = points(params, 'Max Points', given.max);
		if ((range.max_value as number) < (range.min_value as number)) fail(params, 'Max Points', `must not be below Min Points (${String(range.min_value)})`);
	}
	const segment = given.segment === undefined ? '' : requireIdText(params, 'Segment', given.segment).trim();
	if (type === 'POINTS') {
		if (segment) fail(params, 'Segment', 'is set only with Qualification Type Points and Segment');
		return { type, points: range };
	}
	if (!segment) fail(params, 'Segment', 'is required when Qualification Type is Points and Segment');
	return { type, points: range, segment: { id: segment } };
}

const downgradeOf = (params: ParamReader, value: unknown) => (value === undefined ? undefined : { type: requireOption(params, 'Downgrade', value, DOWNGRADES) });

const getManyTiers: OperationDefinition = {
	value: 'getManyTiers',
	name: 'Get Many Tiers',
	action: 'Get many tiers of a tier structure',
	description: "List a tier structure's tiers with their qualification rules",
	endpoint: 'GET /v2/loyalties/tier-structures/{id}/tiers',
	properties: [
		structureLocator,
		filtersProperty([sortOrderFilter([['Created At', 'created_at'], ['Name', 'name']], '-created_at', 'How to sort the tiers')]),
	],
	list: V2_LIST,
	build: (params) => ({
		method: 'GET',
		path: tiersPath(params),
		query: readFilterQuery(params, params.get<IDataObject>('filters', {}), { order: ['order', 'Order', sortOrderValues([['Created At', 'created_at'], ['Name', 'name']])] }),
	}),
};

const createTier: OperationDefinition = {
	value: 'createTier',
	name: 'Create Tier',
	action: 'Create a tier in a tier structure',
	description: 'Add a tier to a draft tier structure (at most 100 tiers): the points range that qualifies for it, and with Points and Segment the segment a member must be in',
	endpoint: 'POST /v2/loyalties/tier-structures/{id}/tiers',
	repeatHint: 'Each run adds another tier.',
	properties: [
		structureLocator,
		nameProperty("The tier's name, 1 to 200 characters"),
		{ ...qualificationTypeProperty, default: 'POINTS', required: true },
		{ ...minPointsProperty, required: true },
		{ ...segmentLocator('The segment a member must be in to qualify (required with Points and Segment)'), required: false, displayOptions: { show: { qualificationType: ['POINTS_AND_SEGMENT'] } } },
		additionalFieldsProperty([maxPointsProperty, downgradeProperty, metadataProperty, metadataJsonProperty]),
	],
	record: { name: 'name' },
	build: (params) => {
		const structurePath = tiersPath(params);
		const type = params.get<string>('qualificationType', '');
		const fields = params.get<IDataObject>('additionalFields', {});
		const body = compact({
			name: requireText(params, 'Name', params.get('name', ''), { max: 200 }),
			qualification_rules: readQualification(params, {
				type,
				min: params.get('minPoints', undefined),
				max: fields.maxPoints,
				segment: type === 'POINTS_AND_SEGMENT' ? locatorValue(params.get('segmentId', '')) : undefined,
			}),
			downgrade: downgradeOf(params, fields.downgradeType),
			metadata: readMetadata(params, fields),
		});
		return { method: 'POST', path: structurePath, body };
	},
};

const updateTier: OperationDefinition = {
	value: 'updateTier',
	name: 'Update Tier',
	action: 'Update a tier of a tier structure',
	description: "Change a tier. Once the tier structure has left DRAFT, only Name and Metadata can change (the service refuses the rest). A qualification given replaces the tier's whole qualification.",
	endpoint: 'PUT /v2/loyalties/tier-structures/{id}/tiers/{tierId}',
	properties: [
		structureLocator,
		tierLocator,
		updateFieldsProperty([
			updateNameProperty('tier'),
			{ ...qualificationTypeProperty, description: "What qualifies a member for the tier; replaces the tier's qualification, with Min Points (required), Max Points and Segment ID" },
			minPointsProperty,
			maxPointsProperty,
			{ displayName: 'Segment ID', name: 'segmentId', type: 'string', default: '', placeholder: 'seg_...', description: 'With Points and Segment: the segment a member must be in' },
			downgradeProperty,
			metadataProperty,
			metadataJsonProperty,
		]),
	],
	build: (params) => {
		const tier = tierPath(params);
		const fields = params.get<IDataObject>('updateFields', {});
		const qualificationSet = ['qualificationType', 'minPoints', 'maxPoints', 'segmentId'].find((name) => fields[name] !== undefined);
		if (qualificationSet && fields.qualificationType === undefined) fail(params, 'Qualification Type', 'is required with Min Points, Max Points or Segment ID: the qualification is replaced whole');
		const extra: IDataObject = {
			qualification_rules: qualificationSet
				? readQualification(params, { type: fields.qualificationType, min: fields.minPoints, max: fields.maxPoints, segment: fields.segmentId })
				: undefined,
			downgrade: downgradeOf(params, fields.downgradeType),
		};
		return { method: 'PUT', path: tier, body: readUpdateBody(params, fields, [], extra) };
	},
};

const deleteTier: OperationDefinition = {
	value: 'deleteTier',
	name: 'Delete Tier',
	action: 'Delete a tier of a tier structure',
	description: 'Remove a tier from a draft tier structure',
	endpoint: 'DELETE /v2/loyalties/tier-structures/{id}/tiers/{tierId}',
	properties: [structureLocator, tierLocator],
	build: (params) => ({ method: 'DELETE', path: tierPath(params) }),
	// The service answers the deleted tier; the node answers as every Delete does.
	output: (_response, params) => [{ deleted: true, id: requirePattern(params, 'Tier', params.id('tierId', 'Tier'), TIER_ID, TIER_EXAMPLE) }],
};

export const tierOperations: OperationDefinition[] = [createTier, deleteTier, getManyTiers, updateTier];
