import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { pagedList } from '../../shared/listFilters';
import { locatorProperty } from '../../shared/locator';
import { compact } from '../../shared/fields';
import { inCollection } from '../../shared/mapping';
import { maxAmountPerCallProperty, maxPointsPerCallProperty, readBoundedAmount, readBoundedPoints } from '../../shared/limits';
import { fail, locatorValue, requireBoolean, requireId, requireIdText, requireOption, requirePattern, requireScalarText } from '../../shared/validate';
import type { ParamReader, RecordMap } from '../types';
import { VOUCHER_IMPORT_OPTIONS } from '../voucher/bulk';
import { readValidationRules, readVoucherBody, VOUCHER_BODY_OPTIONS, VOUCHER_RECORD } from '../voucher/fields';

/** What the campaign operations and the fields that pick a campaign share. */

/** The service lists at most 100 pages of campaigns. */
export const CAMPAIGN_LIST = pagedList(100);

export const CAMPAIGN_TYPES: Array<[label: string, value: string]> = [
	['Discount Coupons', 'DISCOUNT_COUPONS'],
	['Gift Vouchers', 'GIFT_VOUCHERS'],
	['Loyalty Program', 'LOYALTY_PROGRAM'],
	['Promotion', 'PROMOTION'],
	['Referral Program', 'REFERRAL_PROGRAM'],
];

export function campaignTypeLabel(value: unknown): string {
	return CAMPAIGN_TYPES.find(([, type]) => type === value)?.[0] ?? String(value ?? '');
}

/** A campaign, picked from the project's campaigns or given by ID (or by its name, which the service also takes). */
export function campaignLocator(name: string, description: string, required = true): INodeProperties {
	return locatorProperty({
		name,
		displayName: 'Campaign',
		description,
		noun: 'campaign',
		searchListMethod: 'searchCampaigns',
		idPlaceholder: 'camp_…',
		required,
	});
}

/**
 * A campaign filter of the lists that filter by campaign name (publications, redemptions): picked from the
 * list (which fills in the name) or typed by name.
 */
export const campaignNameFilter: INodeProperties = {
	...locatorProperty({
		name: 'campaign',
		displayName: 'Campaign',
		description: 'Only entries of this campaign (the service matches it by name)',
		noun: 'campaign',
		searchListMethod: 'searchCampaignNames',
		required: false,
	}),
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select a campaign...',
			typeOptions: { searchListMethod: 'searchCampaignNames', searchable: true },
		},
		{ displayName: 'By Name', name: 'name', type: 'string', placeholder: 'e.g. Welcome Discount' },
	],
};

/** The name campaignNameFilter holds in a Filters collection, or undefined when it is left empty. */
export function readCampaignName(params: ParamReader, filters: IDataObject): string | undefined {
	const value = locatorValue(filters.campaign);
	if (value === undefined || value === null) return undefined;
	return requireIdText(params, 'Campaign', value).trim() || undefined;
}

const CAMPAIGN_KINDS: Array<[label: string, value: string, description: string]> = [
	['Auto Update', 'AUTO_UPDATE', 'New vouchers can be added after creation'],
	['Standalone', 'STANDALONE', 'One code shared by everyone (a standalone code campaign)'],
	['Static', 'STATIC', 'A fixed set of vouchers, generated when the campaign is created'],
];

/** The campaign fields a create and an update share (Additional Fields or Update Fields), sorted by the collection. */
export const CAMPAIGN_BODY_OPTIONS: INodeProperties[] = [
	{
		displayName: 'Activity Duration After Publishing',
		name: 'activityDurationAfterPublishing',
		type: 'string',
		default: '',
		placeholder: 'e.g. P24D',
		description: 'How long a voucher stays active after it is published, as an ISO 8601 duration',
	},
	{
		displayName: 'Auto Join',
		name: 'autoJoin',
		type: 'boolean',
		default: false,
		description: 'Whether customers join the campaign automatically when they fulfil an earning rule (loyalty)',
	},
	{
		displayName: 'Campaign Description',
		name: 'description',
		type: 'string',
		default: '',
		description: 'Free text kept with the campaign, e.g. what it is for',
	},
	{
		displayName: 'Join Once',
		name: 'joinOnce',
		type: 'boolean',
		default: false,
		description: 'Whether a customer can join the campaign only once (one voucher per customer)',
	},
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		options: CAMPAIGN_KINDS.map(([name, value, description]) => ({ name, value, description })),
		default: 'AUTO_UPDATE',
		description: 'Whether vouchers can be added after creation',
	},
	{
		displayName: 'Validation Rule IDs',
		name: 'validationRules',
		type: 'string',
		default: '',
		placeholder: 'val_…, val_…',
		description: 'Validation rules the campaign must pass, comma-separated (or a JSON array)',
	},
];

const ISO_DURATION = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?$/;

/** The body fields of CAMPAIGN_BODY_OPTIONS (plus the voucher-like ones: dates, category, metadata, validity). */
export function readCampaignBody(params: ParamReader, fields: IDataObject): IDataObject {
	const duration = fields.activityDurationAfterPublishing;
	return {
		...readVoucherBody(params, fields),
		...compact({
			description: fields.description === undefined ? undefined : requireScalarText(params, 'Campaign Description', fields.description),
			type: fields.type === undefined ? undefined : requireOption(params, 'Type', fields.type, CAMPAIGN_KINDS.map(([, value]) => value)),
			join_once: fields.joinOnce === undefined ? undefined : requireBoolean(params, 'Join Once', fields.joinOnce),
			auto_join: fields.autoJoin === undefined ? undefined : requireBoolean(params, 'Auto Join', fields.autoJoin),
			activity_duration_after_publishing:
				duration === undefined || duration === '' ? undefined : requirePattern(params, 'Activity Duration After Publishing', duration, ISO_DURATION, 'P24D'),
			validation_rules: readValidationRules(params, fields.validationRules),
		}),
	};
}

/** The voucher-like options of a campaign (dates, category, metadata, validity), worded for a campaign. */
export const CAMPAIGN_VOUCHER_OPTIONS: INodeProperties[] = VOUCHER_BODY_OPTIONS.filter((option) => !['active', 'additionalInfo'].includes(option.name)).map(
	(option) => ({ ...option, description: option.description?.replace(/the voucher/g, 'the campaign') }),
);

// ---- Import Vouchers (JSON and CSV) ----

/** A card's starting value, for vouchers imported into a gift card or loyalty campaign (left out: the campaign's). */
const CARD_VALUE_OPTIONS: INodeProperties[] = [
	{
		displayName: 'Gift Amount',
		name: 'giftAmount',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 2 },
		default: 0,
		description: "For a gift card campaign: the card's credits in the currency's main unit (50.00), sent ×100; left out, the campaign's",
	},
	{
		displayName: 'Loyalty Points',
		name: 'loyaltyPoints',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 0 },
		default: 0,
		description: "For a loyalty campaign: the card's starting points; left out, the campaign's",
	},
];

/** What an imported voucher may set; the campaign gives its type, discount and the rest. */
export const CAMPAIGN_IMPORT_OPTIONS: INodeProperties[] = [...VOUCHER_IMPORT_OPTIONS, ...CARD_VALUE_OPTIONS].sort((a, b) => a.displayName.localeCompare(b.displayName));

/** The record's fields as input items name them (Map Input Fields), for the options `options` offers. */
export function campaignImportRecord(options: INodeProperties[]): RecordMap {
	const all: Record<string, string> = { active: 'active', additional_info: 'additionalInfo', category: 'categoryName', start_date: 'startDate', expiration_date: 'expirationDate', metadata: 'metadataJson', amount: 'giftAmount', points: 'loyaltyPoints' };
	const offered = new Set(options.map((option) => option.name));
	return { code: 'code', ...inCollection('additionalFields', Object.fromEntries(Object.entries(all).filter(([, option]) => offered.has(option)))) };
}

/** Gift Amount and Loyalty Points as the record's `gift` and `loyalty_card`, each within its bound. */
export function readCardValue(params: ParamReader, fields: IDataObject): IDataObject {
	return compact({
		gift: fields.giftAmount === undefined ? undefined : { amount: readBoundedAmount(params, 'Gift Amount', fields.giftAmount) },
		loyalty_card: fields.loyaltyPoints === undefined ? undefined : { points: readBoundedPoints(params, 'Loyalty Points', fields.loyaltyPoints) },
	});
}

/** The campaign all items' vouchers go to: one a run, the first item's; an item naming another fails before sending. */
export function readImportCampaign(params: ParamReader): string {
	const campaign = params.id('campaignId', 'Campaign');
	const first = requireId(params, 'Campaign', params.context.getNodeParameter('campaignId', 0, '', { extractValue: true }));
	if (campaign !== first) fail(params, 'Campaign', `every item must name the same campaign (the first item names ${first}, this one ${campaign}); run the node once per campaign`);
	return campaign;
}

export const importCampaignProperty = campaignLocator('campaignId', 'The campaign to import the vouchers into: one for all items');

/** The bounds on Gift Amount and Loyalty Points, shown beside the import's options. */
export const CARD_VALUE_BOUNDS: INodeProperties[] = [maxAmountPerCallProperty, maxPointsPerCallProperty];

/**
 * The campaign record as input items name it (Map Input Fields): the service's field → the option of Additional
 * Fields or Update Fields. Campaign Type stays typed: it decides which other fields the campaign takes.
 */
export const CAMPAIGN_RECORD = {
	...VOUCHER_RECORD,
	active: undefined,
	additional_info: undefined,
	description: 'description',
	type: 'type',
	join_once: 'joinOnce',
	auto_join: 'autoJoin',
	activity_duration_after_publishing: 'activityDurationAfterPublishing',
	validation_rules: 'validationRules',
};
