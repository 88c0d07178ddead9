/** Validation rules and their assignments, through n8n's engine against the emulator. */
import { FIXTURES } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { listSearch } from '../../harness/loadOptions.cjs';
import { serviceErrorOf, useEmulator, type Parameters } from './setup.cjs';

const ctx = useEmulator();

const rule = (operation: string, extra: Parameters = {}) => ({ resource: 'validationRule', operation, ...extra });
const assignment = (operation: string, extra: Parameters = {}) => ({ resource: 'validationRuleAssignment', operation, ...extra });
const [RULE_1, RULE_2] = FIXTURES.validationRuleIds;
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

describe('Validation Rule', () => {
	it('creates a rule from its name and JSON conditions, gets, updates only the fields given, and deletes it', async () => {
		const rules = { '1': { name: 'order.amount', conditions: { $more_than: [5000] }, rules: {} }, logic: '1' };
		const created = await ctx.run(
			rule('create', { name: 'Over 50', additionalFields: { rules: JSON.stringify(rules), contextType: 'campaign.promotion', errorMessage: 'Spend 50 first', type: 'basic' } }),
		);
		expect(created.error).toBeUndefined();
		const id = String(created.items[0].json.id);
		expect(created.items[0].json).toMatchObject({ id: expect.stringMatching(/^val_/), name: 'Over 50', rules, context_type: 'campaign.promotion', error: { message: 'Spend 50 first' } });
		expect(ctx.sent()).toEqual([
			{
				method: 'POST',
				path: '/v1/validation-rules',
				query: {},
				body: { name: 'Over 50', rules, error: { message: 'Spend 50 first' }, type: 'basic', context_type: 'campaign.promotion' },
			},
		]);
		ctx.emu.control.clearRequests();
		const updated = await ctx.run(rule('update', { validationRuleId: byId(id), updateFields: { name: 'Over 60', bundleRules: 'null' } }));
		expect(updated.items[0].json).toMatchObject({ id, name: 'Over 60', rules, bundle_rules: null });
		const got = await ctx.run(rule('get', { validationRuleId: id }));
		expect(got.items[0].json).toMatchObject({ id, name: 'Over 60' });
		const deleted = await ctx.run(rule('delete', { validationRuleId: id }));
		expect(deleted.items[0].json).toEqual({ deleted: true, id });
		expect(ctx.sent()).toEqual([
			{ method: 'PUT', path: `/v1/validation-rules/${id}`, query: {}, body: { name: 'Over 60', bundle_rules: null } },
			{ method: 'GET', path: `/v1/validation-rules/${id}`, query: {}, body: undefined },
			{ method: 'DELETE', path: `/v1/validation-rules/${id}`, query: {}, body: undefined },
		]);
		const gone = await ctx.run(rule('get', { validationRuleId: id }));
		expect(serviceErrorOf(gone)).toMatchObject({ httpCode: '404', key: 'not_found', resource_id: id });
	});

	it('lists the rules with the filters in the query', async () => {
		const { items, error } = await ctx.run(rule('getAll', { returnAll: true, filters: { order: 'name', startDate: '2000-01-01T00:00:00Z' } }));
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(expect.arrayContaining([RULE_1, RULE_2]));
		expect(ctx.sent()).toEqual([{ method: 'GET', path: '/v1/validation-rules', query: { limit: '100', order: 'name', start_date: '2000-01-01T00:00:00.000Z' }, body: undefined }]);
	});

	it.each([
		[rule('create', { name: ' ' }), 'Name', /is required/],
		[rule('create', { name: 'x', additionalFields: { rules: '[1]' } }), 'Rules (JSON)', /JSON object/],
		[rule('create', { name: 'x', additionalFields: { contextType: 'nowhere' } }), 'Context Type', /must be one of/],
		[rule('update', { validationRuleId: RULE_1, updateFields: {} }), 'Update Fields', /at least one field/],
		[rule('get', { validationRuleId: '..' }), 'Validation Rule', /must be an ID/],
	])('refuses %j naming %s, sending nothing', (parameters, field, rule) => ctx.expectInvalid(parameters, field, rule));

	it('From List finds a rule by its name', async () => {
		const { results } = await listSearch('searchValidationRules', { parameters: { resource: 'validationRule', operation: 'get' } as never, credentials: credentialsFor(ctx.emu) }, 'weekdays');
		expect(results).toEqual([{ name: 'Weekdays only (global)', value: RULE_2 }]);
	});
});

describe('Validation Rule Assignment', () => {
	it('assigns a rule to a voucher; a second assignment to the same object is a 409 unless Replace Existing', async () => {
		const params = { validationRuleId: RULE_2, relatedObjectType: 'voucher', relatedObjectId: FIXTURES.percentCode };
		const first = await ctx.run(assignment('create', params));
		expect(first.error).toBeUndefined();
		expect(first.items[0].json).toMatchObject({ id: expect.stringMatching(/^asgm_/), rule_id: RULE_2, related_object_type: 'voucher', related_object_id: FIXTURES.percentCode });
		const again = await ctx.run(assignment('create', params));
		expect(serviceErrorOf(again)).toMatchObject({ httpCode: '409', key: 'duplicate_found' });
		const replaced = await ctx.run(assignment('create', { ...params, additionalFields: { force: true } }));
		expect(replaced.error).toBeUndefined();
		expect(ctx.sent().map((request) => [request.path, request.query, request.body])).toEqual([
			[`/v1/validation-rules/${RULE_2}/assignments`, {}, { related_object_type: 'voucher', related_object_id: FIXTURES.percentCode }],
			[`/v1/validation-rules/${RULE_2}/assignments`, {}, { related_object_type: 'voucher', related_object_id: FIXTURES.percentCode }],
			[`/v1/validation-rules/${RULE_2}/assignments`, { force: 'true' }, { related_object_type: 'voucher', related_object_id: FIXTURES.percentCode }],
		]);
		const ofRule = await ctx.run(assignment('getAllOfRule', { validationRuleId: RULE_2, returnAll: true }));
		expect(ofRule.items.map((item) => item.json.id)).toEqual([replaced.items[0].json.id]);
	});

	it('lists every rule’s assignments, filtered by rule and by related object', async () => {
		const { items } = await ctx.run(assignment('getAll', { returnAll: true, filters: { validationRuleId: byId(RULE_1), relatedObjectId: FIXTURES.promotionCampaignId } }));
		expect(items.map((item) => item.json.id)).toEqual([FIXTURES.validationRuleAssignmentId]);
		expect(ctx.sent()[0]).toEqual({
			method: 'GET',
			path: '/v1/validation-rules-assignments',
			query: { limit: '100', related_object_id: FIXTURES.promotionCampaignId, rule: RULE_1 },
			body: undefined,
		});
	});

	it('unassigns: From List offers the assignments of the rule chosen; the delete answers deleted', async () => {
		const created = await ctx.run(assignment('create', { validationRuleId: RULE_1, relatedObjectType: 'promotion_tier', relatedObjectId: FIXTURES.promotionTierIds[0] }));
		const id = String(created.items[0].json.id);
		const { results } = await listSearch('searchValidationRuleAssignments', {
			parameters: { resource: 'validationRuleAssignment', operation: 'delete', validationRuleId: byId(RULE_1) } as never,
			credentials: credentialsFor(ctx.emu),
		});
		expect(results).toEqual(expect.arrayContaining([{ name: `promotion_tier ${FIXTURES.promotionTierIds[0]} (${id})`, value: id }]));
		ctx.emu.control.clearRequests();
		const deleted = await ctx.run(assignment('delete', { validationRuleId: RULE_1, assignmentId: byId(id) }));
		expect(deleted.items[0].json).toEqual({ deleted: true, id });
		expect(ctx.sent()).toEqual([{ method: 'DELETE', path: `/v1/validation-rules/${RULE_1}/assignments/${id}`, query: {}, body: undefined }]);
		const again = await ctx.run(assignment('delete', { validationRuleId: RULE_1, assignmentId: id }));
		expect(serviceErrorOf(again)).toMatchObject({ httpCode: '404' });
	});

	it('does not resend an assignment after a 503, and maps the 404 of an unknown rule', async () => {
		ctx.emu.control.setFaults({ route: '/v1/validation-rules/**', method: 'POST', sequence: [503] });
		const failed = await ctx.run(assignment('create', { validationRuleId: RULE_1, relatedObjectType: 'voucher', relatedObjectId: 'v_after_503' }));
		expect(failed.error?.httpCode).toBe('503');
		expect(ctx.sent()).toHaveLength(1);
		const unknown = await ctx.run(assignment('getAllOfRule', { validationRuleId: 'val_nope', limit: 5 }));
		expect(serviceErrorOf(unknown)).toMatchObject({ httpCode: '404', resource_id: 'val_nope' });
	});

	it.each([
		[assignment('create', { validationRuleId: RULE_1, relatedObjectType: 'voucher', relatedObjectId: ' ' }), 'Related Object ID', /is required/],
		[assignment('delete', { validationRuleId: RULE_1, assignmentId: '..' }), 'Assignment', /must be an ID/],
	])('refuses %j naming %s, sending nothing', (parameters, field, rule) => ctx.expectInvalid(parameters, field, rule));
});
