import { FIXTURES } from '../../emulator';
import { useEmulator } from './helpers';

const ctx = useEmulator();
const base = { resource: 'cardDefinition', operation: 'update' };

describe('Card Definition (Beta): Update', () => {
	it('sends every field of a draft card definition, JSON objects as given', async () => {
		const pointsExpiration = { rolling_expiration: { period: { value: 12 }, rounding: { value: 1 } } };
		const pendingPoints = { fixed_dates: { dates: [{ day: 1, month: 7 }] } };
		const earningLimits = { global: { limits: [{ max: 1000 }] } };
		const spendingLimits = { transactions: { limits: [{ type: 'POINTS', max: 50 }] } };
		const refunds = { spent_points: { methods: [{ type: 'RETURN_POINTS' }] } };
		const { items, error } = await ctx.run({
			...base,
			cardDefinitionId: FIXTURES.cardDefinitionDraft,
			updateFields: {
				name: 'Gold Card',
				codeConfig: '{"pattern": "GC-####", "prefix": "GC-"}',
				pointsExpiration: JSON.stringify(pointsExpiration),
				pendingPoints: JSON.stringify(pendingPoints),
				earningLimits: JSON.stringify(earningLimits),
				spendingLimits: JSON.stringify(spendingLimits),
				refunds: JSON.stringify(refunds),
				allowNegative: true,
				metadata: { fields: [{ key: 'brand', value: 'gold' }] },
			},
		});
		expect(error).toBeUndefined();
		const body = {
			name: 'Gold Card',
			code_config: { pattern: 'GC-####', prefix: 'GC-' },
			points_expiration: pointsExpiration,
			pending_points: pendingPoints,
			earning_limits: earningLimits,
			spending_limits: spendingLimits,
			refunds,
			balance_settings: { allow_negative: true },
			metadata: { brand: 'gold' },
		};
		expect(ctx.sent()).toEqual([{ method: 'PUT', path: `/v2/loyalties/card-definitions/${FIXTURES.cardDefinitionDraft}`, query: {}, body }]);
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ id: FIXTURES.cardDefinitionDraft, object: 'card_definition', status: 'DRAFT', ...body });
	});

	it('sends null for a JSON field set to null, clearing it', async () => {
		const { items, error } = await ctx.run({ ...base, cardDefinitionId: FIXTURES.cardDefinitionDraft, updateFields: { pendingPoints: 'null' } });
		expect(error).toBeUndefined();
		expect(ctx.sent().map((request) => request.body)).toEqual([{ pending_points: null }]);
		expect(items[0].json.pending_points).toBeNull();
	});

	it('lets an ACTIVE card definition change its name and metadata', async () => {
		const { items, error } = await ctx.run({
			...base,
			cardDefinitionId: FIXTURES.cardDefinitionActive,
			updateFields: { name: 'Renamed', metadataJson: { level: 3 } },
		});
		expect(error).toBeUndefined();
		expect(ctx.sent().map((request) => request.body)).toEqual([{ name: 'Renamed', metadata: { level: 3 } }]);
		expect(items[0].json).toMatchObject({ name: 'Renamed', status: 'ACTIVE', metadata: { level: 3 } });
	});

	it('maps the 409 of an ACTIVE card definition whose code config changes, with the service message', async () => {
		const { error } = await ctx.run({ ...base, cardDefinitionId: FIXTURES.cardDefinitionActive, updateFields: { codeConfig: '{"prefix": "X-"}' } });
		expect(error?.httpCode).toBe('409');
		expect(error?.description).toMatch(/only name and metadata can be updated \(got code_config\)/);
		expect(error?.context?.serviceError).toMatchObject({ key: 'resource_in_invalid_state', resource_id: FIXTURES.cardDefinitionActive });
	});

	it('maps a 404 for an unknown card definition', async () => {
		const { error } = await ctx.run({ ...base, cardDefinitionId: 'lcdf_missing', updateFields: { name: 'x' } });
		expect(error?.httpCode).toBe('404');
		expect(error?.context?.serviceError).toMatchObject({ key: 'not_found', resource_id: 'lcdf_missing', resource_type: 'card_definition' });
	});

	it('URL-encodes the id in the path', async () => {
		await ctx.run({ ...base, cardDefinitionId: 'a/b c', updateFields: { name: 'x' } });
		expect(ctx.sent()[0].path).toBe('/v2/loyalties/card-definitions/a%2Fb%20c');
	});

	describe('validation, nothing sent', () => {
		const id = FIXTURES.cardDefinitionDraft;
		it('needs at least one field', () => ctx.expectInvalid({ ...base, cardDefinitionId: id, updateFields: {} }, 'Update Fields', /at least one field/));
		it('counts an empty JSON object as not set', () =>
			ctx.expectInvalid({ ...base, cardDefinitionId: id, updateFields: { refunds: '{}' } }, 'Update Fields', /at least one field/));
		it('keeps names within 200 characters', () =>
			ctx.expectInvalid({ ...base, cardDefinitionId: id, updateFields: { name: 'x'.repeat(201) } }, 'Name', /at most 200 characters \(got 201\)/));
		it('refuses invalid JSON, naming the field', () =>
			ctx.expectInvalid({ ...base, cardDefinitionId: id, updateFields: { pointsExpiration: '{"rolling_expiration":' } }, 'Points Expiration', /is not valid JSON/));
		it('refuses JSON that is not an object', () =>
			ctx.expectInvalid({ ...base, cardDefinitionId: id, updateFields: { codeConfig: '"ABC"' } }, 'Code Config', /must be a JSON object/));
		// n8n blocks an empty required field; an expression can still produce a blank one.
		it('requires the id', () => ctx.expectInvalid({ ...base, cardDefinitionId: '={{ " " }}', updateFields: { name: 'x' } }, 'Card Definition ID', /is required/));
	});
});
