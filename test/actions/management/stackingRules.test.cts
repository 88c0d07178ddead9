import { FIXTURES } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { listSearch } from '../../harness/loadOptions.cjs';
import { useEmulator } from '../v2/helpers.cjs';

const ctx = useEmulator();
const resource = 'stackingRules';
const run = (operation: string, parameters: Record<string, unknown> = {}) => ctx.run({ authentication: 'managementKeys', resource, operation, ...parameters } as never);
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const rulesPath = `/management/v1/projects/${FIXTURES.projectId}/stacking-rules`;

describe('Stacking Rules: Create, Get, Get Many, Update, Delete', () => {
	it('creates the project\'s rules with the chosen limits and modes, reads, lists, updates and deletes them', async () => {
		const created = await run('create', {
			additionalFields: {
				redeemablesLimit: 10,
				applicableExclusiveRedeemablesLimit: 2,
				exclusiveCategories: 'cat_a, cat_b',
				redeemablesApplicationMode: 'PARTIAL',
				applicableRedeemablesCategoryLimits: '{"cat_a": 3}',
			},
		});
		expect(created.error).toBeUndefined();
		const id = String(created.items[0].json.id);
		expect(ctx.sent()[0]).toEqual({
			method: 'POST',
			path: rulesPath,
			query: {},
			body: {
				redeemables_limit: 10,
				applicable_exclusive_redeemables_limit: 2,
				exclusive_categories: ['cat_a', 'cat_b'],
				redeemables_application_mode: 'PARTIAL',
				applicable_redeemables_category_limits: { cat_a: 3 },
			},
		});
		// the service fills in the rules left out
		expect(created.items[0].json).toMatchObject({ id, redeemables_limit: 10, applicable_redeemables_limit: 5, discount_calculation_mode: 'INITIAL_AMOUNT' });

		const got = await run('get', { stackingRulesId: byId(id) });
		expect(got.items[0].json).toMatchObject({ id, redeemables_application_mode: 'PARTIAL' });
		const listed = await run('getAll', { returnAll: true });
		expect(listed.items.map((item) => item.json.id)).toEqual([id]);

		const updated = await run('update', { stackingRulesId: byId(id), updateFields: { discountCalculationMode: 'DISCOUNTED_AMOUNT' } });
		expect(updated.error).toBeUndefined();
		expect(ctx.sent().at(-1)).toEqual({ method: 'PUT', path: `${rulesPath}/${id}`, query: {}, body: { discount_calculation_mode: 'DISCOUNTED_AMOUNT' } });
		expect(updated.items[0].json).toMatchObject({ redeemables_limit: 10, discount_calculation_mode: 'DISCOUNTED_AMOUNT' });

		const found = await listSearch('searchStackingRules', { parameters: { authentication: 'managementKeys', resource, operation: 'get' }, credentials: credentialsFor(ctx.emu) });
		expect(found.results).toEqual([{ name: `${id} (up to 10 redeemables, 5 applicable)`, value: id }]);

		const deleted = await run('delete', { stackingRulesId: byId(id) });
		expect(deleted.items.map((item) => item.json)).toEqual([{ deleted: true, id }]);
		expect((await run('get', { stackingRulesId: byId(id) })).error?.httpCode).toBe('404');
	});

	it('maps the 409 of a second set of rules in one project', async () => {
		await run('create');
		const second = await run('create');
		expect(second.error?.httpCode).toBe('409');
		expect(second.error?.description).toMatch(/already has stacking rules/);
	});

	describe('refuses before sending', () => {
		const base = { authentication: 'managementKeys', resource };
		it('a limit beyond the service\'s bound', () =>
			ctx.expectInvalid({ ...base, operation: 'create', additionalFields: { applicableExclusiveRedeemablesLimit: 6 } }, 'Applicable Exclusive Redeemables Limit', /5/));
		it('a mode that is not one of the values', () =>
			ctx.expectInvalid({ ...base, operation: 'create', additionalFields: { redeemablesNoEffectRule: '={{ "IGNORE" }}' } }, 'Redeemables No Effect Rule', /REDEEM_ANYWAY/));
		it('a category limit that is not 1 to 10', () =>
			ctx.expectInvalid({ ...base, operation: 'create', additionalFields: { applicableRedeemablesCategoryLimits: '{"cat_a": 11}' } }, 'Applicable Redeemables Category Limits (JSON)', /1 to 10/));
		it('an update with no fields', () => ctx.expectInvalid({ ...base, operation: 'update', stackingRulesId: byId('stck_1') }, 'Update Fields', /at least one field/));
	});
});
