import { useEmulator } from './helpers.cjs';

// The emulator takes only the published contract's current shapes here, as the live service does.
const ctx = useEmulator({ acceptSeedShapes: false });
const base = { resource: 'cardDefinition', operation: 'create', name: 'Gold card', type: 'INDIVIDUAL' };
const COLLECTION = '/v2/loyalties/card-definitions';

describe('Card Definition (Beta): Create', () => {
	it('creates a card definition from Name and Type alone: the service fills every setting with its defaults', async () => {
		const { items, error } = await ctx.run(base);
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([{ method: 'POST', path: COLLECTION, query: {}, body: { name: 'Gold card', type: 'INDIVIDUAL' } }]);
		expect(items[0].json).toMatchObject({
			id: expect.stringMatching(/^lcdef_[a-f0-9]+$/),
			name: 'Gold card',
			status: 'DRAFT',
			points_expiration: { type: 'NO_EXPIRATION' },
			pending_points: { type: 'IMMEDIATE' },
			balance_settings: { allow_negative: false },
			pay_with_points: { type: 'NO_PAYMENTS' },
			object: 'card_definition',
		});
		expect(ctx.emu.control.state.cardDefinitions.has(items[0].json.id as string)).toBe(true);
	});

	it('sends the typed settings as Update does, with the JSON ones and a status', async () => {
		const payWithPoints = { type: 'EXCHANGE_RATIO', exchange_ratio: { formula: '0.01' } };
		const { items, error } = await ctx.run({
			...base,
			additionalFields: {
				pointsExpirationType: 'ROLLING_EXPIRATION',
				pointsExpirationPeriod: 12,
				pointsExpirationPeriodUnit: 'MONTH',
				pendingPointsType: 'PERIOD_BASED',
				pendingPointsPeriod: 14,
				pendingPointsPeriodUnit: 'DAY',
				payWithPoints: JSON.stringify(payWithPoints),
				status: 'ACTIVE',
				metadata: { fields: [{ key: 'tier', value: 'gold' }] },
			},
		});
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({
			name: 'Gold card',
			type: 'INDIVIDUAL',
			status: 'ACTIVE',
			points_expiration: { type: 'ROLLING_EXPIRATION', rolling_expiration: { period: { value: 12, unit: 'MONTH' } } },
			pending_points: { type: 'PERIOD_BASED', period_based: { period: { value: 14, unit: 'DAY' } } },
			pay_with_points: payWithPoints,
			metadata: { tier: 'gold' },
		});
		expect(items[0].json).toMatchObject({ status: 'ACTIVE', pay_with_points: payWithPoints, pending_points: { type: 'PERIOD_BASED' } });
	});

	it('a negative balance with expiring points is refused before anything is sent', async () => {
		await ctx.expectInvalid(
			{ ...base, additionalFields: { allowNegative: true, pointsExpirationType: 'ROLLING_EXPIRATION', pointsExpirationPeriod: 6, pointsExpirationPeriodUnit: 'MONTH' } },
			'Allow Negative Balance',
			/only when points never expire/,
		);
	});

	it('a Name over 200 characters is refused before anything is sent', async () => {
		await ctx.expectInvalid({ ...base, name: 'x'.repeat(201) }, 'Name', /200/);
	});

	it("the service's cross-field rules hold on create: a refund revoking from pending points needs pending points (400)", async () => {
		const before = ctx.emu.control.state.cardDefinitions.size;
		const refunds = { spent_points: { type: 'NONE' }, earned_points: { type: 'REFUNDABLE', methods: [{ type: 'REVOKE_FROM_PENDING', mode: 'REVOKE_ALL' }] } };
		const { error } = await ctx.run({ ...base, additionalFields: { refunds: JSON.stringify(refunds) } });
		expect(error?.httpCode).toBe('400');
		expect(ctx.emu.control.state.cardDefinitions.size).toBe(before);
	});
});
