/**
 * Map Automatically, catalogue-wide: every record operation's minimal values, given by the input item under the
 * names an n8n user writes (the service's names, Title Case, camelCase, with stray spaces), send the request the
 * same values typed send; keys no field takes are listed in the output panel; a hidden required field the item
 * leaves out is refused naming its input key (one the panel shows for its values: see shown.test.cts for the others).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { RESOURCES } from '../../../nodes/LoyaltyPromotions/actions/resources';
import { isMoneyProperty } from '../../../nodes/LoyaltyPromotions/shared/fields';
import { controllingParameters, recordFields, shownByValue, type RecordField } from '../../../nodes/LoyaltyPromotions/shared/mapping';
import { minimalParameters } from '../minimal.cjs';
import { panelParameters } from './panel.cjs';
import { useEmulator } from '../v2/helpers.cjs';
import { inHundredths } from '../oracle/ways.cjs';

const ctx = useEmulator();
jest.setTimeout(600_000);

const RECORD_OPERATIONS = RESOURCES.flatMap((resource) =>
	resource.operations
		.filter((operation) => operation.record)
		.map((operation) => ({
			key: `${resource.value}.${operation.value}`,
			resource: resource.value,
			operation,
		})),
);

/** The ways a user may spell an input key that Map Automatically takes for the field's own name. */
const SPELLINGS: Record<string, (field: RecordField) => string> = {
	'service name': (field) => field.name,
	'Title Case': (field) =>
		field.name
			.split('_')
			.map((word) => word.charAt(0).toUpperCase() + word.slice(1))
			.join(' '),
	'UPPER_CASE with a trailing space': (field) => `${field.name.toUpperCase()} `,
	'typed parameter name': (field) => field.path.split('.').pop()!,
};

/**
 * An operation's minimal typed parameters split into what stays typed and the item's record values: every record
 * field the parameters set moves to the item (a controlling field stays typed too: the panel decides).
 */
type Field = RecordField & { controlling: boolean };

/**
 * The unit an amount is read in under an input key: the service's own key carries the service's hundredths, the
 * panel's names (the parameter's, the display name) the main unit; any other spelling could be either.
 */
function amountUnit(field: RecordField, key: string): 'hundredths' | 'main' | undefined {
	if (key === field.name) return 'hundredths';
	return key === field.path.split('.').pop() || key === field.property.displayName ? 'main' : undefined;
}

/**
 * The split as above, amounts in the unit their key names. An amount whose spelled key could be either unit goes
 * under the service's name instead (in hundredths), and is listed with its spelled key and main-unit value: the
 * test checks such a key is refused on its own.
 */
function split(fields: Field[], parameters: INodeParameters, spell: (field: RecordField) => string) {
	const typed = structuredClone(parameters) as IDataObject;
	const item: IDataObject = {};
	const ambiguous: Array<{ field: RecordField; key: string; value: IDataObject[string] }> = [];
	for (const field of fields) {
		const [top, option] = field.path.split('.');
		const holder = option === undefined ? typed : (typed[top] as IDataObject | undefined);
		const name = option ?? top;
		if (!holder || !Object.hasOwn(holder, name)) continue;
		const key = spell(field);
		const unit = isMoneyProperty(field.property) ? amountUnit(field, key) : 'main';
		if (unit === undefined) ambiguous.push({ field, key, value: holder[name] });
		if (unit === 'main') item[key] = holder[name];
		else item[field.name] = inHundredths(holder[name]);
		if (!field.controlling) delete holder[name];
	}
	return { typed: typed as INodeParameters, item, ambiguous };
}

/** The requests one run sends (after those already recorded), with a multipart body's random boundary fixed. */
async function requestsOf(parameters: INodeParameters, input: IDataObject[]) {
	const before = ctx.sent().length;
	const { error, run } = await ctx.run(parameters, { input });
	const requests = ctx
		.sent()
		.slice(before)
		.map((request) => ({
			...request,
			body: typeof request.body === 'string' ? request.body.replace(/loyalty-promotions-[0-9a-f]+/g, 'loyalty-promotions-boundary') : request.body,
		}));
	return {
		error: error?.message,
		first: requests[0],
		hints: run.data.resultData.runData['Node Under Test']?.[0]?.hints ?? [],
	};
}

const withControlling = (operation: (typeof RECORD_OPERATIONS)[number]['operation']): Field[] => {
	const controlling = controllingParameters(operation);
	return recordFields(operation).map((field) => Object.assign(field, { controlling: controlling.has(field.path) }));
};

describe('Map Automatically: the whole catalogue', () => {
	it.each(RECORD_OPERATIONS.flatMap(({ key, resource, operation }) => Object.keys(SPELLINGS).map((spelling) => [key, spelling, resource, operation] as const)))(
		'%s, keys spelled as the %s: mapped sends what typed sends, an amount under a key of either unit is refused, and an unknown key is listed in the output panel',
		async (key, spelling, resource, operation) => {
			const parameters = await minimalParameters(key, ctx.emu);
			const fields = withControlling(operation);
			const { typed, item, ambiguous } = split(fields, parameters, SPELLINGS[spelling]);
			for (const { field, key: looseKey, value } of ambiguous) {
				const { [field.name]: left, ...rest } = item;
				void left;
				const before = ctx.sent().length;
				const refused = await requestsOf({ resource, operation: operation.value, ...typed, recordFields: 'auto' }, [{ ...rest, [looseKey]: value }]);
				expect(refused.error).toBe(
					`${field.property.displayName} (input field "${looseKey}"): could be the service's "${field.name}" in hundredths or the panel's ${field.property.displayName} in the currency's main unit (${String(value)} would send ${String(value)} as the service's ${field.name}, or ${inHundredths(value)} as the panel's ${field.property.displayName}): name the key "${field.name}" for hundredths, or "${field.property.displayName}" for the main unit`,
				);
				expect(ctx.sent().length).toBe(before);
			}
			// Typed twice: the second run meets what the first made (a name the service holds unique), as the mapped run does.
			const first = await requestsOf({ resource, operation: operation.value, ...parameters }, [{}]);
			expect(first.error).toBeUndefined();
			const again = await requestsOf({ resource, operation: operation.value, ...parameters }, [{}]);
			const mapped = await requestsOf(
				{
					resource,
					operation: operation.value,
					...typed,
					recordFields: 'auto',
				},
				[{ ...item, warehouse_zone: 'north' }],
			);
			expect({ error: mapped.error, first: mapped.first }).toEqual({
				error: again.error,
				first: first.first,
			});
			// n8n keeps a node's hints when it succeeds (a service error, e.g. a name taken, shows instead).
			expect(mapped.hints).toEqual(
				mapped.error
					? []
					: [
							expect.objectContaining({
								type: 'warning',
								location: 'outputPane',
								message: expect.stringMatching(/^Map Automatically left out input fields "warehouse_zone": they match no field of this record/),
							}),
						],
			);
		},
	);

	it.each(RECORD_OPERATIONS.map(({ key, resource, operation }) => [key, resource, operation] as const))(
		'%s: a hidden required field (not one shown only for a controlling value: that stays typed), left out by the item, is refused naming the field and its input key, before anything is sent',
		async (key, resource, operation) => {
			const parameters = await minimalParameters(key, ctx.emu);
			const fields = withControlling(operation);
			const panel = panelParameters({ resource, operation: operation.value, ...parameters });
			const hidden = fields.filter((field) => field.required && !field.controlling && !shownByValue(operation, field.property) && field.path in panel);
			const { typed, item } = split(fields, parameters, (field) => field.name);
			for (const field of hidden) {
				const before = ctx.sent().length;
				const { [field.name]: left, ...rest } = item;
				void left;
				const { error, items } = await ctx.run(
					{
						resource,
						operation: operation.value,
						...typed,
						recordFields: 'auto',
					},
					{ input: [rest] },
				);
				expect(items).toEqual([]);
				expect(error?.message).toBe(
					`${field.property.displayName} (input field "${field.name}"): is required: the input item has no "${field.name}" key, or it is empty (Map Automatically reads this field from the item)`,
				);
				expect(ctx.sent().length).toBe(before);
			}
		},
	);
});
