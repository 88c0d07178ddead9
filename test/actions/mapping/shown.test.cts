/**
 * Map Automatically and the fields the panel shows only for a controlling field's value (Amount Off for Discount
 * Type Amount Off, Gift Amount for a gift card, a segment's filter): for every record operation and every value of
 * each of its controlling fields (the oracle's cases), generated from the catalogue. The fields the panel shows are
 * read from the item and send what typed sends; a required one stays typed (the item's value wins), any other
 * required field is required of the item; the item's keys for the
 * fields it hides are neither read nor required, and are listed as not used for the panel's value (or, with
 * Unknown Input Fields on Refuse, fail the item before anything is sent). What the panel shows is n8n's own rule
 * (./panel.cts), not the node's.
 */
import type { IDataObject, INodeParameters, INodePropertyOptions } from 'n8n-workflow';
import { RESOURCES } from '../../../nodes/LoyaltyPromotions/actions/resources';
import type { OperationDefinition } from '../../../nodes/LoyaltyPromotions/actions/types';
import { controllingParameters, recordFields, shownByValue, type RecordField } from '../../../nodes/LoyaltyPromotions/shared/mapping';
import { minimalParameters } from '../minimal.cjs';
import { oracleCases, valueFor } from '../oracle/cases.cjs';
import { shownWhenAutoMapped, splitRecord } from '../oracle/ways.cjs';
import { useEmulator } from '../v2/helpers.cjs';
import { panelParameters, panelShows } from './panel.cjs';

const ctx = useEmulator();
jest.setTimeout(300_000);

const RECORD_OPERATIONS = new Map<string, OperationDefinition>(
	RESOURCES.flatMap((resource) => resource.operations.filter((operation) => operation.record).map((operation) => [`${resource.value}.${operation.value}`, operation] as const)),
);

/** The oracle's cases of a top-level controlling field's value ('voucher.create discountType=PERCENT') of record operations. */
const CASES = oracleCases().flatMap((testCase) => {
	const operation = RECORD_OPERATIONS.get(testCase.key);
	return operation && / [^ .]+=/.test(testCase.name) ? [{ ...testCase, operation }] : [];
});

/** The first request of a run (method, path, query and body, a multipart boundary named once), its error and its hints. */
async function runOf(parameters: INodeParameters, input: IDataObject[], typeVersion = 3) {
	ctx.emu.control.clearRequests();
	const { error, run } = await ctx.run(parameters, { input, typeVersion });
	const first = ctx.sent()[0];
	const body = typeof first?.body === 'string' ? first.body.replace(/loyalty-promotions-[0-9a-f]+/g, 'loyalty-promotions-boundary') : first?.body;
	const hints = (run.data.resultData.runData['Node Under Test']?.[0]?.hints ?? []).map((hint) => hint.message);
	return { error: error?.message, first: first && { ...first, body }, hints };
}

const NOT_USED_HINT = "Map Automatically left out input fields the panel's current values do not use: ";

/** The input keys a message names as not used: '"amount_off": Amount Off is not used for …'. */
const notUsedKeys = (message: string) => [...message.matchAll(/"([^"]+)": [^;]*? is not used for the panel's /g)].map((match) => match[1]).sort();

describe('Map Automatically: fields the panel shows only for a controlling value', () => {
	it('has cases for every record operation with a controlling field, each of its values', () => {
		const withControlling = [...RECORD_OPERATIONS].filter(([, operation]) => controllingParameters(operation).size > 0).map(([key]) => key);
		expect(new Set(CASES.map(({ key }) => key))).toEqual(new Set(withControlling));
		expect(CASES.length).toBeGreaterThanOrEqual(50);
	});

	it.each(CASES.map((testCase) => [testCase.name, testCase] as const))(
		'%s: the fields shown map from the item, the required ones required of it; the keys of hidden ones are not used, listed or refused',
		async (name, { key, make, operation }) => {
			const testCase = make(await minimalParameters(key, ctx.emu));
			const panel = panelParameters(testCase.parameters);
			const fields = recordFields(operation);
			const controlling = controllingParameters(operation);
			const shown = (field: RecordField) => panelShows(panel, operation, field.path);
			const { typed, item } = splitRecord(testCase, shownWhenAutoMapped(operation));
			// every field the panel hides gets a value in the item, as a sheet with a column per field gives it; a hidden
			// controlling field is not among them: an item's value for one fails the item (oracle/intent.test.cts)
			for (const field of fields.filter((candidate) => !shown(candidate) && !controlling.has(candidate.path) && !candidate.path.includes('.') && item[candidate.name] === undefined)) {
				const value = valueFor(field.property);
				if (value !== undefined) item[field.name] = value as IDataObject[string];
			}
			const hiddenKeys = fields.filter((field) => !shown(field) && item[field.name] !== undefined && item[field.name] !== '').map((field) => field.name).sort();
			const shownItem = Object.fromEntries(Object.entries(item).filter(([name]) => !hiddenKeys.includes(name)));
			const auto = { ...typed, recordFields: 'auto' } as INodeParameters;

			// Mapped first, so that its run meets the service as the typed run does (names it holds unique are not taken yet).
			const mapped = await runOf(auto, [item]);
			const typedRun = await runOf(testCase.parameters, [{}]);
			expect({ name, sent: typedRun.first !== undefined }).toEqual({ name, sent: true });
			expect({ name, first: mapped.first }).toEqual({ name, first: typedRun.first });
			if (!mapped.error) {
				const hint = mapped.hints.find((message) => message.startsWith(NOT_USED_HINT));
				expect({ name, notUsed: hint ? notUsedKeys(hint) : [] }).toEqual({ name, notUsed: hiddenKeys });
				// each names the field and the panel's value of a controlling field, as the panel shows it
				for (const hiddenKey of hiddenKeys) {
					const field = fields.find((candidate) => candidate.name === hiddenKey)!;
					const values = [...controlling.keys()].map((controller) => {
						const property = operation.properties.find((candidate) => candidate.name === controller)!;
						const option = ((property.options ?? []) as INodePropertyOptions[]).find((candidate) => candidate.value === panel[controller]);
						return `${property.displayName} "${option?.name ?? String(panel[controller])}"`;
					});
					const said = new RegExp(`"${hiddenKey}": ${field.property.displayName.replace(/[()]/g, '\\$&')} is not used for the panel's (.+?)(; "|$)`).exec(hint!.slice(NOT_USED_HINT.length).replace(/\. Set that value in the panel .*$/, ''));
					expect({ name, hiddenKey, controller: values.includes(said?.[1] ?? '') }).toEqual({ name, hiddenKey, controller: true });
				}
			}

			// without the hidden fields' keys: the same request, nothing listed (a hidden required field is not required)
			const withoutHidden = await runOf(auto, [shownItem]);
			expect({ name, first: withoutHidden.first }).toEqual({ name, first: typedRun.first });
			expect(withoutHidden.hints.filter((message) => message.startsWith(NOT_USED_HINT))).toEqual([]);

			// a required field the panel shows only for a controlling value stays typed: an item without it is sent with the typed value
			for (const field of fields.filter((candidate) => candidate.required && shownByValue(operation, candidate.property) && shown(candidate) && shownItem[candidate.name] !== undefined)) {
				const { [field.name]: left, ...rest } = shownItem;
				void left;
				const kept = await runOf({ ...testCase.parameters, recordFields: 'auto' } as INodeParameters, [rest]);
				// sent (the service may answer that the record exists: the mapped run above made it)
				expect({ name, field: field.name, required: /is required/.test(kept.error ?? ''), sent: kept.first !== undefined }).toEqual({ name, field: field.name, required: false, sent: true });
			}

			// any other required field the panel shows is required of the item
			for (const field of fields.filter((candidate) => candidate.required && !controlling.has(candidate.path) && !shownByValue(operation, candidate.property) && shown(candidate) && shownItem[candidate.name] !== undefined)) {
				const { [field.name]: left, ...rest } = shownItem;
				void left;
				const refused = await runOf(auto, [rest]);
				expect({ name, field: field.name, error: refused.error, sent: refused.first }).toEqual({
					name,
					field: field.name,
					error: `${field.property.displayName} (input field "${field.name}"): is required: the input item has no "${field.name}" key, or it is empty (Map Automatically reads this field from the item)`,
					sent: undefined,
				});
			}

			// with Refuse, the hidden fields' keys fail the item, naming each, before anything is sent
			if (hiddenKeys.length > 0) {
				const refused = await runOf({ ...auto, unknownInputFields: 'refuse' }, [item]);
				expect({ name, sent: refused.first, notUsed: notUsedKeys(refused.error ?? '') }).toEqual({ name, sent: undefined, notUsed: hiddenKeys });
				expect(refused.error).toMatch(/^Input fields? "/);
			}

			// version 2 mapping automatically: the item's values as version 3's; a saved workflow that typed a field shown
			// only for a controlling value (Amount Off) still sends it when the item leaves it out
			// (version 2 shows those fields when mapping automatically: a required one keeps a typed value, the item's wins)
			const version2Split = splitRecord(testCase, shownWhenAutoMapped(operation));
			const version2 = await runOf({ ...version2Split.typed, columns: { mappingMode: 'autoMapInputData', value: null } } as INodeParameters, [{ ...item, ...version2Split.item }], 2);
			expect({ name, first: version2.first }).toEqual({ name, first: typedRun.first });
			const savedItem = Object.fromEntries(Object.entries(shownItem).filter(([itemKey]) => !fields.some((field) => field.name === itemKey && shownByValue(operation, field.property))));
			const savedVersion2 = await runOf({ ...testCase.parameters, columns: { mappingMode: 'autoMapInputData', value: null } } as INodeParameters, [savedItem], 2);
			expect({ name, first: savedVersion2.first }).toEqual({ name, first: typedRun.first });
		},
	);
});

describe('Map Automatically: a controlling value given by an expression', () => {
	it('decides per item: each item reads the fields its value shows, and its keys for the others are listed as not used', async () => {
		ctx.emu.control.clearRequests();
		// n8n shows every field an expression's controlling value may show, required ones included (it runs no node
		// with one empty): Unit Product ID keeps a typed value, which the items' discount types never read
		const { error, run } = await ctx.run(
			{ resource: 'voucher', operation: 'create', type: 'DISCOUNT_VOUCHER', discountType: '={{ $json.kind }}', unitType: 'prod_typed', recordFields: 'auto' },
			{
				input: [
					{ code: 'EXPR-AMOUNT', kind: 'AMOUNT', amount_off: 500, percent_off: 10 },
					{ code: 'EXPR-PERCENT', kind: 'PERCENT', amount_off: 500, percent_off: 10 },
				],
			},
		);
		expect(error).toBeUndefined();
		expect(ctx.sent().map(({ path, body }) => [path, (body as IDataObject).discount])).toEqual([
			['/v1/vouchers/EXPR-AMOUNT', { type: 'AMOUNT', amount_off: 500 }],
			['/v1/vouchers/EXPR-PERCENT', { type: 'PERCENT', percent_off: 10 }],
		]);
		const hints = (run.data.resultData.runData['Node Under Test']?.[0]?.hints ?? []).map((hint) => hint.message);
		expect(hints).toContain(
			`${NOT_USED_HINT}"percent_off": Percent Off is not used for the panel's Discount Type "Amount Off"; "amount_off": Amount Off is not used for the panel's Discount Type "Percent Off". Set that value in the panel for such items (e.g. after a Switch node), or set Unknown Input Fields to Refuse to fail such items instead.`,
		);
	});
});
