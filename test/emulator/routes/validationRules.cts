/**
 * Validation rules and their assignments (auth A or Bearer), over the generic store (crud.cts): rules are plain
 * records (name required; type and context_type from the contract's lists); a rule's assignments live under it
 * (the rule must exist), one per related object unless `force=true` replaces it (else 409), and deleting a rule
 * deletes its assignments; GET /v1/validation-rules-assignments lists every rule's, filtered by `rule` and
 * `related_object_id`.
 */
import { countedList, sortByOrder } from '../envelopes.cjs';
import { ApiError, invalidPayload } from '../errors.cjs';
import { collection, findRecord, registerCrud, type CrudSpec } from '../crud.cjs';
import { noContent, ok, type Ctx, type Router } from '../router.cjs';
import { isObject, pageOf, parseEnumParam, parseLimit, parsePage, rejectUnknown, type Json } from '../validate.cjs';

const RULE_FIELDS = ['name', 'rules', 'bundle_rules', 'error', 'applicable_to', 'type', 'context_type'];
const RULE_TYPES = ['expression', 'basic', 'advanced', 'complex'];
const RELATED_TYPES = ['voucher', 'promotion_tier', 'campaign', 'earning_rule', 'distribution', 'reward_assignment'];

export const RULE_SPEC: CrudSpec = {
	path: '/v1/validation-rules',
	idParam: 'validationRuleId',
	idPrefix: 'val_',
	object: 'validation_rules',
	auth: 'A|B',
	operations: ['list', 'create', 'get', 'update'],
	envelope: 'counted',
	required: ['name'],
	defaults: () => ({ rules: {}, applicable_to: { excluded: [], included: [], included_all: false }, type: 'expression', context_type: 'global' }),
	check(body) {
		rejectUnknown(body, RULE_FIELDS);
		if (body.name !== undefined && (typeof body.name !== 'string' || !body.name.trim())) throw invalidPayload('Field name must be a non-empty string');
		if (body.type !== undefined && !RULE_TYPES.includes(String(body.type))) throw invalidPayload(`Field type must be one of ${RULE_TYPES.join(', ')}`);
		if (body.context_type !== undefined && (typeof body.context_type !== 'string' || !/^[a-z_.]+$/.test(body.context_type))) throw invalidPayload('Field context_type must be a context name, e.g. global');
		for (const field of ['rules', 'applicable_to', 'error'])
			if (body[field] !== undefined && !isObject(body[field])) throw invalidPayload(`Field ${field} must be an object`);
		if (body.bundle_rules !== undefined && body.bundle_rules !== null && !isObject(body.bundle_rules)) throw invalidPayload('Field bundle_rules must be an object or null');
	},
};

export const ASSIGNMENT_SPEC: CrudSpec = {
	path: '/v1/validation-rules/{validationRuleId}/assignments',
	idParam: 'assignmentId',
	idPrefix: 'asgm_',
	object: 'validation_rules_assignment',
	auth: 'A|B',
	operations: ['list', 'create', 'delete'],
	envelope: 'counted',
	required: ['related_object_id'],
	parent: (ctx) => void findRecord(ctx, RULE_SPEC),
	defaults: (ctx) => ({ rule_id: ctx.params.validationRuleId, related_object_type: 'voucher' }),
	check(body, ctx) {
		rejectUnknown(body, ['related_object_type', 'related_object_id']);
		if (body.related_object_type !== undefined && !RELATED_TYPES.includes(String(body.related_object_type)))
			throw invalidPayload(`Field related_object_type must be one of ${RELATED_TYPES.join(', ')}`);
		const assignments = collection(ctx, ASSIGNMENT_SPEC);
		const type = body.related_object_type ?? 'voucher';
		const same = [...assignments.values()].find((a) => a.related_object_id === body.related_object_id && a.related_object_type === type);
		if (!same) return;
		if (ctx.query.force !== 'true') throw new ApiError(409, 'duplicate_found', `The rule is already assigned to ${String(type)} ${String(body.related_object_id)}`, { resource_id: String(same.id), resource_type: 'validation_rules_assignment' });
		assignments.delete(String(same.id));
	},
};

/** Every rule's assignments, filtered by rule and related object, newest first unless ordered otherwise. */
function allAssignments(ctx: Ctx) {
	const rule = ctx.query.rule;
	const related = ctx.query.related_object_id;
	const rows: Json[] = [];
	for (const [key, records] of ctx.env.store.records)
		if (key.startsWith(`${ASSIGNMENT_SPEC.path}|`)) rows.push(...[...records.values()].filter((a) => (!rule || a.rule_id === rule) && (!related || a.related_object_id === related)));
	parseEnumParam(ctx.query, 'order', ['created_at', '-created_at'] as const);
	const sorted = sortByOrder(rows, ctx.query, ['created_at', '-created_at'], '-created_at', (a) => String(a.created_at));
	return ok(countedList(pageOf(sorted, parsePage(ctx.query, 100), parseLimit(ctx.query, 10)), sorted.length));
}

export function register(r: Router): void {
	r.get('/v1/validation-rules-assignments', 'A|B', allAssignments);
	registerCrud(r, RULE_SPEC);
	// Deleting a rule deletes its assignments.
	r.delete('/v1/validation-rules/{validationRuleId}', 'A|B', (ctx) => {
		findRecord(ctx, RULE_SPEC);
		collection(ctx, RULE_SPEC).delete(ctx.params.validationRuleId);
		collection(ctx, ASSIGNMENT_SPEC).clear();
		return noContent();
	});
	registerCrud(r, ASSIGNMENT_SPEC);
}
