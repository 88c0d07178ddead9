/**
 * Map Automatically and the fields other fields hang on (a type, a reward type): for every record operation with
 * such a field, and every value of it, the item mapped automatically sends the request the same values typed
 * send. n8n reads a parameter only while the panel's values show it, so the field stays shown and typed; the item
 * may repeat its value but not change it.
 */
import type { IDataObject, INodeParameters, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { RESOURCES } from '../../../nodes/LoyaltyPromotions/actions/resources';
import { LoyaltyPromotions } from '../../../nodes/LoyaltyPromotions/LoyaltyPromotions.node';
import { controllingParameters, recordFields, shownByValue } from '../../../nodes/LoyaltyPromotions/shared/mapping';
import { FIXTURES } from '../../emulator/index.cjs';
import { isMoneyProperty } from '../../../nodes/LoyaltyPromotions/shared/fields';
import { inHundredths } from '../oracle/ways.cjs';
import { useEmulator } from '../v2/helpers.cjs';

const ctx = useEmulator();
jest.setTimeout(300_000);

const locator = (value: string) => ({ __rl: true, mode: 'id', value });
const SEGMENT_FILTER = JSON.stringify({
	junction: 'and',
	'metadata.club_level': { conditions: { $in: ['Gold'] } },
});
const COLLECTION_FILTER = JSON.stringify({
	junction: 'or',
	price: { conditions: { $less_than: [1000] } },
});

/**
 * For each operation: the typed parameters every value needs (besides the record), then for each value of its
 * controlling field the fields the panel shows for that value (typed; mapped, those the record has come from the
 * item), and the record's values, by input key.
 */
interface Case {
	base: INodeParameters;
	byValue: Record<string, INodeParameters>;
	record: IDataObject;
}

const CASES: Record<string, Case> = {
	'voucher.import': {
		base: {},
		byValue: {
			DISCOUNT_VOUCHER: { discountType: 'AMOUNT', amountOff: 10 },
			GIFT_VOUCHER: { giftAmount: 25 },
		},
		record: {
			code: 'IMPORT-2026-01',
			expiration_date: '2026-12-31T00:00:00.000Z',
		},
	},
	'voucher.importCsv': {
		base: {},
		byValue: {
			DISCOUNT_VOUCHER: { discountType: 'PERCENT', percentOff: 15 },
			GIFT_VOUCHER: { giftAmount: 25 },
		},
		record: {
			code: 'IMPORT-CSV-01',
			expiration_date: '2026-12-31T00:00:00.000Z',
		},
	},
	'segment.create': {
		base: {},
		byValue: {
			static: { customerIds: FIXTURES.customerId },
			'auto-update': { filter: SEGMENT_FILTER },
			passive: { filter: SEGMENT_FILTER },
		},
		record: { name: 'Mapped segment' },
	},
	'productCollection.create': {
		base: {},
		byValue: {
			STATIC: {
				products: { item: [{ id: FIXTURES.productId, object: 'product' }] },
			},
			AUTO_UPDATE: { filter: COLLECTION_FILTER },
		},
		record: { name: 'Mapped collection' },
	},
	'reward.create': {
		base: {},
		byValue: {
			CAMPAIGN: {
				campaignKind: 'DISCOUNT_COUPONS',
				campaignId: locator(FIXTURES.discountCampaignId),
			},
			MATERIAL: { productId: locator(FIXTURES.productId) },
			COIN: { exchangeRatio: 2, pointsRatio: 10 },
		},
		record: { name: 'Mapped reward' },
	},
	'tierStructure.create': {
		base: { cardDefinitionId: FIXTURES.cardDefinitionActive },
		byValue: {
			POINT_BALANCE: {},
			POINT_EARNED: {
				pointEarnedPeriod: 6,
				pointEarnedPeriodUnit: 'MONTH',
				pointEarnedTierChange: 'IMMEDIATELY',
			},
		},
		record: { name: 'Mapped tiers' },
	},
	'benefit.create': {
		base: {},
		byValue: {
			POINTS: { points: 5, cardDefinitionId: FIXTURES.cardDefinitionActive },
			POINTS_PROPORTIONAL: {
				cardDefinitionId: FIXTURES.cardDefinitionActive,
				pointsProportional: JSON.stringify({
					calculation_type: 'PRE_DISCOUNT_ORDER_AMOUNT',
					order: { amount: { every: 100, value: 1 } },
				}),
			},
			MATERIAL: { materialProductId: FIXTURES.productId },
			DIGITAL: {
				digitalType: 'DISCOUNT_COUPONS',
				digitalCampaignId: FIXTURES.discountCampaignId,
			},
		},
		record: { name: 'Mapped benefit' },
	},
	// a second controlling field of one operation: its case is named 'key field'
	'benefit.create digitalType': {
		base: { benefitType: 'DIGITAL' },
		byValue: {
			DISCOUNT_COUPONS: { digitalCampaignId: FIXTURES.discountCampaignId },
			GIFT_VOUCHERS: { digitalCampaignId: FIXTURES.giftCampaignId, giftBalance: 12.5 },
		},
		record: { name: 'Mapped digital benefit' },
	},
	'loyaltyReward.create': {
		base: {},
		byValue: {
			DIGITAL: {
				digitalType: 'LOYALTY_CARD_POINTS',
				points: 5,
				cardDefinitionId: FIXTURES.cardDefinitionActive,
				costs: {
					cost: [{ points: 10, cardDefinitionId: FIXTURES.cardDefinitionActive }],
				},
			},
			MATERIAL: {
				productId: FIXTURES.productId,
				costs: {
					cost: [{ points: 10, cardDefinitionId: FIXTURES.cardDefinitionActive }],
				},
			},
		},
		record: { name: 'Mapped reward' },
	},
};

/** The case of an operation's controlling field: 'key field' where the operation has a case per field, else 'key'. */
const caseKey = (key: string, path: string) => (`${key} ${path}` in CASES ? `${key} ${path}` : key);

/** Every record operation's mapped controlling fields, with the values each offers, from the catalogue. */
const CONTROLLED = RESOURCES.flatMap((resource) =>
	resource.operations.flatMap((operation) => {
		if (!operation.record) return [];
		const controlling = controllingParameters(operation);
		return recordFields(operation)
			.filter((field) => controlling.has(field.path))
			.map((field) => ({
				key: caseKey(`${resource.value}.${operation.value}`, field.path),
				resource: resource.value,
				operation: operation.value,
				field,
				values: ((field.property.options ?? []) as INodePropertyOptions[]).map((option) => String(option.value)),
			}));
	}),
);

/** The typed parameter each record value stands for, from the operation's record (the typed run's parameters). */
function typedRecord(key: string, record: IDataObject): INodeParameters {
	const parameters: IDataObject = {};
	for (const field of recordFields(operationOf(key))) {
		if (!(field.name in record)) continue;
		const [top, option] = field.path.split('.');
		if (option === undefined) parameters[top] = record[field.name];
		else
			parameters[top] = {
				...((parameters[top] as IDataObject | undefined) ?? {}),
				[option]: record[field.name],
			};
	}
	return parameters as INodeParameters;
}

const operationOf = (key: string) => {
	const [resourceValue, operationValue] = key.split(' ')[0].split('.');
	return RESOURCES.find((r) => r.value === resourceValue)!.operations.find((o) => o.value === operationValue)!;
};

/** A value's fields the panel shows, as the item gives them (by input key, a locator's ID) and those that stay typed. */
function shownSplit(key: string, shown: INodeParameters): { typed: INodeParameters; item: IDataObject } {
	const typed = { ...shown };
	const item: IDataObject = {};
	for (const field of recordFields(operationOf(key))) {
		if (field.path.includes('.') || !(field.path in typed)) continue;
		const value = typed[field.path];
		item[field.name] = (value !== null && typeof value === 'object' && '__rl' in value ? value.value : value) as IDataObject[string];
		// a required one stays typed as well (the panel shows it, and n8n runs no node with it empty)
		if (!field.required) delete typed[field.path];
	}
	return { typed, item };
}

/** An item's values under the service's own keys in the service's unit: its amounts in hundredths, as a read returns them. */
function inServiceUnits(key: string, item: IDataObject): IDataObject {
	const money = new Set(recordFields(operationOf(key)).filter((field) => isMoneyProperty(field.property)).map((field) => field.name));
	return Object.fromEntries(Object.entries(item).map(([name, value]) => [name, money.has(name) ? inHundredths(value) : value]));
}

/** A value as the error shows it: its JSON, and the option's name (Amount Off) where it differs. */
function optionShown(property: INodeProperties, value: string): string {
	const name = ((property.options ?? []) as INodePropertyOptions[]).find((option) => option.value === value)?.name;
	return `${JSON.stringify(value)}${name !== undefined && name !== value ? ` (${name})` : ''}`;
}

/** The first request a run sends, after a fresh emulator (both runs see the same state). */
async function firstRequest(parameters: INodeParameters, input: IDataObject[]) {
	ctx.emu.control.reset();
	const { error } = await ctx.run(parameters, { input });
	const request = ctx.sent()[0];
	// A multipart body's boundary is random: the same CSV sent twice differs only there.
	const body = typeof request?.body === 'string' ? request.body.replace(/loyalty-promotions-[0-9a-f]+/g, 'loyalty-promotions-boundary') : request?.body;
	return { error: error?.message, request: request && { ...request, body } };
}

describe('Map Automatically: fields other fields hang on', () => {
	it('the catalogue cases cover every mapped controlling field and every value it offers', () => {
		expect(CONTROLLED.map(({ key }) => key).sort()).toEqual(Object.keys(CASES).sort());
		for (const { key, values } of CONTROLLED) expect([key, Object.keys(CASES[key].byValue).sort()]).toEqual([key, [...values].sort()]);
	});

	it.each(CONTROLLED.flatMap((entry) => entry.values.map((value) => [entry.key, value, entry] as const)))(
		'%s with %s: mapped from the item (with or without the value) sends what typed sends',
		async (key, value, { resource, operation, field }) => {
			const { base, byValue, record } = CASES[key];
			const panel = {
				resource,
				operation,
				...base,
				[field.path]: value,
				...byValue[value],
			};
			const typed = await firstRequest({ ...panel, ...typedRecord(key, record) }, [{}]);
			expect(typed.error).toBeUndefined();
			expect(typed.request).toBeDefined();
			const shown = shownSplit(key, byValue[value]);
			const mappedPanel = { resource, operation, ...base, [field.path]: value, ...shown.typed, recordFields: 'auto' };
			for (const item of [{ ...record, ...shown.item, [field.name]: value }, { ...record, ...shown.item }]) {
				const mapped = await firstRequest(mappedPanel, [inServiceUnits(key, item)]);
				expect(mapped).toEqual(typed);
			}
		},
	);

	it.each(CONTROLLED.map((entry) => [entry.key, entry] as const))(
		"%s: an item whose value differs from the panel's is refused, naming the field, the key and both values, before anything is sent",
		async (key, { resource, operation, field, values }) => {
			const { base, byValue, record } = CASES[key];
			const [panelValue, itemValue] = values;
			const shown = shownSplit(key, byValue[panelValue]);
			ctx.emu.control.reset();
			const { error, items } = await ctx.run(
				{
					resource,
					operation,
					...base,
					[field.path]: panelValue,
					...shown.typed,
					recordFields: 'auto',
				},
				{ input: [{ ...record, ...shown.item, [field.name]: itemValue }] },
			);
			expect(items).toEqual([]);
			expect(error?.message).toBe(
				`${field.property.displayName} (input field "${field.name}"): is ${optionShown(field.property, itemValue)} in the item but ${optionShown(field.property, panelValue)} in the panel. ` +
					`${field.property.displayName} decides which fields the panel shows (${controllingParameters(
						RESOURCES.find((r) => r.value === resource)!.operations.find((o) => o.value === operation)!,
					)
						.get(field.path)!
						.join(', ')}), ` +
					`and those are read for the panel's value: set ${field.property.displayName} to ${JSON.stringify(itemValue)} in the panel for these items (e.g. after a Switch node), or leave "${field.name}" out of the item`,
			);
			expect(ctx.emu.control.requests()).toEqual([]);
		},
	);

	it('the description never hides a controlling field, nor a field shown only for a controlling value, when mapped automatically, and hides every other required mapped field', () => {
		const properties = new LoyaltyPromotions().nodeVersions[3].description.properties;
		for (const resource of RESOURCES) {
			for (const operation of resource.operations) {
				if (!operation.record) continue;
				const controlling = controllingParameters(operation);
				const shown = (property: INodeProperties) =>
					property.displayOptions?.show?.resource?.includes(resource.value) && property.displayOptions.show.operation?.includes(operation.value);
				for (const field of recordFields(operation).filter((candidate) => candidate.required)) {
					const described = properties.filter((property) => property.name === field.path && shown(property));
					expect(described.length).toBeGreaterThan(0);
					for (const property of described) {
						const hidden = property.displayOptions?.hide?.recordFields?.includes('auto') === true;
						const staysShown = controlling.has(field.path) || shownByValue(operation, field.property);
						expect([resource.value, operation.value, field.path, hidden]).toEqual([resource.value, operation.value, field.path, !staysShown]);
					}
				}
			}
		}
	});
});
