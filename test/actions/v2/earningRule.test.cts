import type { INodeParameters } from 'n8n-workflow';
import { FIXTURES } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { listSearch } from '../../harness/loadOptions.cjs';
import { useEmulator } from './helpers.cjs';

/** Earning Rule (Beta): Create, Get, Get Many, Update, Delete, Activate, Deactivate, Move to Draft, Get Many Activities. */
const ctx = useEmulator();
const run = (operation: string, parameters: INodeParameters = {}) => ctx.run({ resource: 'earningRule', operation, ...parameters } as INodeParameters);
const POINTS = { earning: [{ effect: 'POINTS', points: 10, cardDefinitionId: FIXTURES.cardDefinitionActive, name: 'Ten points' }] };

async function created(parameters: INodeParameters = {}): Promise<string> {
	const { items, error } = await run('create', { name: 'Order points', earnings: POINTS, ...parameters });
	expect(error).toBeUndefined();
	return String(items[0].json.id);
}

describe('Earning Rule (Beta): Create', () => {
	it('sends the trigger and typed earnings; the rule starts DRAFT with the service defaults', async () => {
		const { items, error } = await run('create', { name: 'Order points', earnings: POINTS, additionalFields: { errorMessage: 'Not yet', metadataJson: '{"team":"crm"}' } });
		expect(error).toBeUndefined();
		expect(ctx.sent()[0]).toEqual({
			method: 'POST',
			path: '/v2/loyalties/earning-rules',
			query: {},
			body: {
				name: 'Order points',
				trigger: { event: 'customer.order.paid' },
				earnings: [{ name: 'Ten points', effects: [{ type: 'POINTS', points: { value: 10, card_definition_id: FIXTURES.cardDefinitionActive } }] }],
				error: { message: 'Not yet' },
				metadata: { team: 'crm' },
			},
		});
		expect(items[0].json).toMatchObject({ id: expect.stringMatching(/^lern_/), status: 'DRAFT', validity_hours: { type: 'ANY_TIME' }, object: 'earning_rule' });
	});

	it('takes a custom event trigger and Earnings (JSON) for proportional points, created ACTIVE', async () => {
		const earningsJson = JSON.stringify([{ effects: [{ type: 'POINTS_PROPORTIONAL', points_proportional: { calculation_type: 'PRE_DISCOUNT_ORDER_AMOUNT', order: { amount: { every: 100, value: 1 } }, card_definition_id: FIXTURES.cardDefinitionActive } }] }]);
		const { items, error } = await run('create', {
			name: 'Event points',
			triggerEvent: 'customer.custom_event',
			customEventSchemaId: FIXTURES.customEventSchemaIds[0],
			additionalFields: { earningsJson, status: 'ACTIVE', triggerLimits: '{"cooldown":{"type":"NO_COOLDOWN"},"frequency":{"type":"NO_LIMIT"}}' },
		});
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toMatchObject({ trigger: { event: 'customer.custom_event', custom_event: { schema_id: FIXTURES.customEventSchemaIds[0] } }, status: 'ACTIVE', trigger_limits: { cooldown: { type: 'NO_COOLDOWN' } } });
		expect(items[0].json.status).toBe('ACTIVE');
	});

	it("maps the service's 404 for a card definition that does not exist", async () => {
		const { error } = await run('create', { name: 'Bad', earnings: { earning: [{ effect: 'POINTS', points: 1, cardDefinitionId: 'lcdef_ffffffffffff' }] } });
		expect(error?.httpCode).toBe('404');
	});

	it('needs an earning before sending', () => ctx.expectInvalid({ resource: 'earningRule', operation: 'create', name: 'Empty' }, 'Earnings', /needs at least one earning/));

	it('checks the segment ID before sending', () =>
		ctx.expectInvalid({ resource: 'earningRule', operation: 'create', name: 'Seg', triggerEvent: 'customer.segment.entered', segmentId: 'segment-1', earnings: POINTS }, 'Segment ID', /must match \^seg_/));

	it('refuses typed earnings and Earnings (JSON) together', () =>
		ctx.expectInvalid({ resource: 'earningRule', operation: 'create', name: 'Both', earnings: POINTS, additionalFields: { earningsJson: '[{"effects":[{"type":"POINTS"}]}]' } }, 'Earnings (JSON)', /cannot be combined/));
});

describe('Earning Rule (Beta): reads, update, status moves, delete', () => {
	it('gets, lists by name and status, and updates a rule', async () => {
		const id = await created();
		expect((await run('get', { earningRuleId: id, output: 'raw' })).items[0].json).toMatchObject({ id, name: 'Order points' });
		const listed = await run('getAll', { returnAll: true, filters: { name: 'order', status: 'DRAFT' } });
		expect(listed.items.map((item) => item.json.id)).toEqual([id]);
		ctx.emu.control.clearRequests();
		const { items, error } = await run('update', { earningRuleId: id, updateFields: { name: 'Renamed', startDate: '2030-01-01T00:00:00Z' } });
		expect(error).toBeUndefined();
		expect(ctx.sent()[0]).toMatchObject({ method: 'PUT', path: `/v2/loyalties/earning-rules/${id}`, body: { name: 'Renamed', start_date: '2030-01-01T00:00:00.000Z' } });
		expect(items[0].json.name).toBe('Renamed');
	});

	it('moves DRAFT → ACTIVE → INACTIVE → ACTIVE → DRAFT; a move from the wrong status maps the 409', async () => {
		const id = await created();
		for (const [operation, status] of [['activate', 'ACTIVE'], ['deactivate', 'INACTIVE'], ['activate', 'ACTIVE'], ['draft', 'DRAFT']]) {
			const { items, error } = await run(operation, { earningRuleId: id });
			expect(error).toBeUndefined();
			expect(items[0].json.status).toBe(status);
		}
		const wrong = await run('deactivate', { earningRuleId: id });
		expect(wrong.error?.httpCode).toBe('409');
		const activities = await run('getManyActivities', { earningRuleId: id, returnAll: true, filters: { order: 'created_at' } });
		expect(activities.items.map((item) => item.json.type)).toEqual([
			'vl.earning_rule.created',
			'vl.earning_rule.activated',
			'vl.earning_rule.deactivated',
			'vl.earning_rule.activated',
			'vl.earning_rule.drafted',
		]);
	});

	it('Delete answers { deleted: true, id } and the rule is gone', async () => {
		const id = await created();
		const { items } = await run('delete', { earningRuleId: id });
		expect(items[0].json).toEqual({ deleted: true, id });
		expect((await run('get', { earningRuleId: id })).error?.httpCode).toBe('404');
	});

	it('an update with no field fails before sending', () =>
		ctx.expectInvalid({ resource: 'earningRule', operation: 'update', earningRuleId: FIXTURES.earningRuleDraft, updateFields: {} }, 'Update Fields', /./));

	it('checks the earning rule ID before sending', () => ctx.expectInvalid({ resource: 'earningRule', operation: 'get', earningRuleId: 'ern_1' }, 'Earning Rule', /must match \^lern_/));

	it('From List finds rules by name', async () => {
		const parameters = { resource: 'earningRule', operation: 'get' } as INodeParameters;
		const { results } = await listSearch('searchEarningRules', { parameters, credentials: credentialsFor(ctx.emu) }, 'Active');
		expect(results).toEqual([{ name: 'Active earning rule (ACTIVE)', value: FIXTURES.earningRuleActive }]);
	});
});
