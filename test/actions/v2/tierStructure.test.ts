import { FIXTURES } from '../../emulator';
import { useEmulator } from './helpers';

const ctx = useEmulator();
const base = { resource: 'tierStructure', operation: 'update' };
const pathOf = (id: string) => `/v2/loyalties/tier-structures/${id}`;

describe('Tier Structure (Beta): Update', () => {
	it('switches a draft to POINT_EARNED with its period', async () => {
		const { items, error } = await ctx.run({
			...base,
			tierStructureId: FIXTURES.tierStructureDraft,
			updateFields: { type: 'POINT_EARNED', pointEarnedPeriod: 6 },
		});
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			{ method: 'PUT', path: pathOf(FIXTURES.tierStructureDraft), query: {}, body: { type: 'POINT_EARNED', point_earned: { period: { value: 6 } } } },
		]);
		expect(items[0].json).toMatchObject({ id: FIXTURES.tierStructureDraft, type: 'POINT_EARNED', point_earned: { period: { value: 6 } } });
	});

	it('accepts point_earned as JSON instead of the number', async () => {
		const { error } = await ctx.run({
			...base,
			tierStructureId: FIXTURES.tierStructureDraft,
			updateFields: { type: 'POINT_EARNED', pointEarned: '{"period": {"value": 3}}' },
		});
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ type: 'POINT_EARNED', point_earned: { period: { value: 3 } } });
	});

	it('switches to POINT_BALANCE sending point_earned null', async () => {
		const { items, error } = await ctx.run({ ...base, tierStructureId: FIXTURES.tierStructureDraftEarned, updateFields: { type: 'POINT_BALANCE' } });
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ type: 'POINT_BALANCE', point_earned: null });
		expect(items[0].json).toMatchObject({ type: 'POINT_BALANCE', point_earned: null });
	});

	it('sends name, card definition, expiration, downgrade and metadata', async () => {
		const expiration = { calendar_expiration: { calendar_dates: [{ day: 31, month: 12 }] } };
		const { items, error } = await ctx.run({
			...base,
			tierStructureId: FIXTURES.tierStructureDraft,
			updateFields: {
				name: 'Tiers 2030',
				cardDefinitionId: FIXTURES.cardDefinitionDraft,
				expiration: JSON.stringify(expiration),
				gracePeriod: 30,
				gracePeriodRoundUp: true,
				metadata: { fields: [{ key: 'owner', value: 'crm' }] },
			},
		});
		expect(error).toBeUndefined();
		const body = {
			name: 'Tiers 2030',
			card_definition_id: FIXTURES.cardDefinitionDraft,
			expiration,
			downgrade: { grace_period: { value: 30, round_up: true } },
			metadata: { owner: 'crm' },
		};
		expect(ctx.sent()).toEqual([{ method: 'PUT', path: pathOf(FIXTURES.tierStructureDraft), query: {}, body }]);
		expect(items[0].json).toMatchObject(body);
	});

	it('maps the 409 of an ACTIVE tier structure whose type changes', async () => {
		const { error } = await ctx.run({ ...base, tierStructureId: FIXTURES.tierStructureActive, updateFields: { type: 'POINT_BALANCE' } });
		expect(error?.httpCode).toBe('409');
		expect(error?.description).toMatch(/only name and metadata can be updated/);
		expect(error?.context?.serviceError).toMatchObject({ key: 'resource_in_invalid_state', resource_id: FIXTURES.tierStructureActive });
	});

	it('maps a 404 for an unknown tier structure', async () => {
		const { error } = await ctx.run({ ...base, tierStructureId: 'ltst_missing', updateFields: { name: 'x' } });
		expect(error?.httpCode).toBe('404');
		expect(error?.context?.serviceError).toMatchObject({ key: 'not_found', resource_id: 'ltst_missing' });
	});

	describe('validation, nothing sent', () => {
		const id = FIXTURES.tierStructureDraft;
		it('needs point_earned when the type becomes POINT_EARNED', () =>
			ctx.expectInvalid({ ...base, tierStructureId: id, updateFields: { type: 'POINT_EARNED' } }, 'Point Earned Period', /is required when Type is Point Earned/));
		it('refuses point_earned with POINT_BALANCE', () =>
			ctx.expectInvalid(
				{ ...base, tierStructureId: id, updateFields: { type: 'POINT_BALANCE', pointEarnedPeriod: 4 } },
				'Point Earned Period',
				/must not be set when Type is Point Balance/,
			));
		it('refuses the period number and its JSON together', () =>
			ctx.expectInvalid(
				{ ...base, tierStructureId: id, updateFields: { pointEarnedPeriod: 4, pointEarned: '{"period": {"value": 4}}' } },
				'Point Earned Period',
				/not both/,
			));
		it('refuses a fractional period', () =>
			ctx.expectInvalid({ ...base, tierStructureId: id, updateFields: { pointEarnedPeriod: 1.5 } }, 'Point Earned Period', /whole number/));
		it('refuses a negative grace period', () =>
			ctx.expectInvalid({ ...base, tierStructureId: id, updateFields: { gracePeriod: -1 } }, 'Downgrade Grace Period', /whole number of at least 0/));
		it('needs at least one field', () => ctx.expectInvalid({ ...base, tierStructureId: id, updateFields: {} }, 'Update Fields', /at least one field/));
		it('keeps names within 200 characters', () =>
			ctx.expectInvalid({ ...base, tierStructureId: id, updateFields: { name: 'y'.repeat(250) } }, 'Name', /at most 200/));
		it('refuses expiration JSON that is not an object', () =>
			ctx.expectInvalid({ ...base, tierStructureId: id, updateFields: { expiration: '[]' } }, 'Expiration', /must be a JSON object/));
	});
});
