/** Management API (auth M): project, custom event schemas, webhooks CRUD. */
import { countedList } from '../envelopes.cjs';
import { invalidPayload, notFound } from '../errors.cjs';
import { isEventKind } from '../events.cjs';
import { defaultProjectSettings } from '../projectSettings.cjs';
import { Ctx, noContent, ok, Router } from '../router.cjs';
import type { Webhook } from '../state.cjs';
import { randomBytes } from 'crypto';
import type { CustomEventSchema, Project } from '../state.cjs';
import { bodyObject, Json, optionalBoolean, requireString } from '../validate.cjs';

const P = '/management/v1/projects/{projectId}';

export function project(ctx: Ctx): Project {
	const p = ctx.env.store.projects.get(ctx.params.projectId);
	if (!p) throw notFound('project', ctx.params.projectId);
	return p;
}

function webhook(ctx: Ctx): Webhook {
	const p = project(ctx);
	const w = ctx.env.store.webhooks.get(ctx.params.webhookId);
	if (!w || ctx.env.store.webhookProject.get(w.id) !== p.id) throw notFound('webhook', ctx.params.webhookId);
	return w;
}

function checkTargetUrl(v: unknown): string {
	if (typeof v !== 'string') throw invalidPayload('Field target_url is required and must be a string');
	let u: URL;
	try {
		u = new URL(v);
	} catch {
		throw invalidPayload(`Field target_url must be an absolute http(s) URL (got ${v})`);
	}
	if (u.protocol !== 'http:' && u.protocol !== 'https:') throw invalidPayload(`Field target_url must use http or https (got ${u.protocol})`);
	return v;
}

function checkEvents(v: unknown): string[] {
	if (!Array.isArray(v) || v.length === 0) throw invalidPayload('Field events is required and must be a non-empty array of event kinds');
	const bad = v.filter((e) => !isEventKind(e));
	if (bad.length) throw invalidPayload(`Unknown event kinds in events: ${bad.map(String).join(', ')}`);
	return [...new Set(v as string[])];
}

const CURRENCY = /^[A-Z]{3}$/;
/** What a project's settings may not be changed to through a PUT. */
const FIXED_SETTINGS = ['id', 'object', 'created_at', 'cluster_id', 'case_sensitive_codes', 'api_version', 'webhook_token', 'server_side_key', 'client_side_key'];

function checkProjectSettings(body: Json): void {
	if (body.currency !== undefined && (typeof body.currency !== 'string' || !CURRENCY.test(body.currency))) throw invalidPayload('Field currency must be a 3-letter ISO 4217 code');
	if (body.users !== undefined && !Array.isArray(body.users)) throw invalidPayload('Field users must be an array');
}

const key = (prefix: string) => ({ app_id: `${prefix}${randomBytes(6).toString('hex')}`, app_token: randomBytes(18).toString('hex') });

/** Projects: create (answering the new keys and webhook secret once), list, get, update, delete. */
function registerProjects(r: Router): void {
	r.post('/management/v1/projects', 'M', (ctx) => {
		const body = bodyObject(ctx.body);
		for (const field of ['name', 'timezone', 'currency']) requireString(body, field);
		if (typeof body.case_sensitive_codes !== 'boolean') throw invalidPayload('Property case_sensitive_codes is required and must be a boolean');
		checkProjectSettings(body);
		const { users: _users, ...settings } = body;
		const created: Project = {
			...defaultProjectSettings(),
			...settings,
			id: ctx.env.store.newId('proj_'),
			name: String(body.name),
			description: String(body.description ?? ''),
			timezone: String(body.timezone),
			currency: String(body.currency),
			created_at: new Date().toISOString(),
			object: 'project',
			webhook_token: randomBytes(16).toString('hex'),
		};
		ctx.env.store.projects.set(created.id, created);
		ctx.env.noteCreate(ctx.path, body);
		return ok({ ...created, server_side_key: key('srv-'), client_side_key: key('cli-') });
	});
	r.get('/management/v1/projects', 'M', (ctx) => ok(countedList([...ctx.env.store.projects.values()])));
	r.get(P, 'M', (ctx) => ok(project(ctx)));
	r.put(P, 'M', (ctx) => {
		const current = project(ctx);
		const body = bodyObject(ctx.body);
		checkProjectSettings(body);
		const refused = Object.keys(body).filter((field) => FIXED_SETTINGS.includes(field));
		if (refused.length) throw invalidPayload(`Fields cannot be updated: ${refused.join(', ')}`);
		Object.assign(current, body, { updated_at: new Date().toISOString() });
		return ok(current);
	});
	r.delete(P, 'M', (ctx) => {
		ctx.env.store.projects.delete(project(ctx).id);
		return noContent();
	});
}

const ATTRIBUTE_TYPES = ['string', 'number', 'date', 'datetime', 'boolean'];

function checkSchema(body: Json): CustomEventSchema['schema'] {
	const schema = body.schema as Json | undefined;
	if (!schema || typeof schema !== 'object' || !schema.properties || typeof schema.properties !== 'object' || Array.isArray(schema.properties)) {
		throw invalidPayload('Property schema.properties is required and must be an object');
	}
	for (const [name, definition] of Object.entries(schema.properties as Json)) {
		const d = definition as Json;
		if (!d || !ATTRIBUTE_TYPES.includes(String(d.type))) throw invalidPayload(`Property schema.properties.${name}.type must be one of ${ATTRIBUTE_TYPES.join(', ')}`);
		if (typeof d.optional !== 'boolean') throw invalidPayload(`Property schema.properties.${name}.optional is required and must be a boolean`);
	}
	return schema as CustomEventSchema['schema'];
}

/** Custom event schemas of a project: names unique within it; the PUT replaces the schema's properties. */
function registerCustomEventSchemas(r: Router): void {
	const schemas = (ctx: Ctx) => {
		const id = project(ctx).id;
		if (!ctx.env.store.customEventSchemas.has(id)) ctx.env.store.customEventSchemas.set(id, []);
		return ctx.env.store.customEventSchemas.get(id)!;
	};
	const one = (ctx: Ctx) => {
		const found = schemas(ctx).find((schema) => schema.id === ctx.params.customEventSchemaId);
		if (!found) throw notFound('custom_event_schema', ctx.params.customEventSchemaId);
		return found;
	};
	r.get(`${P}/custom-event-schemas`, 'M', (ctx) => ok(countedList(schemas(ctx))));
	r.post(`${P}/custom-event-schemas`, 'M', (ctx) => {
		const body = bodyObject(ctx.body);
		const name = requireString(body, 'name');
		const schema = checkSchema(body);
		if (schemas(ctx).some((existing) => existing.name === name)) throw invalidPayload(`Custom event schema with name ${name} already exists`);
		const created: CustomEventSchema = { id: ctx.env.store.newId('ms_'), name, schema, created_at: new Date().toISOString(), object: 'custom-event-schema' };
		schemas(ctx).push(created);
		return ok(created);
	});
	r.get(`${P}/custom-event-schemas/{customEventSchemaId}`, 'M', (ctx) => ok(one(ctx)));
	r.put(`${P}/custom-event-schemas/{customEventSchemaId}`, 'M', (ctx) => {
		const existing = one(ctx);
		existing.schema = checkSchema(bodyObject(ctx.body));
		existing.updated_at = new Date().toISOString();
		return ok(existing);
	});
	r.delete(`${P}/custom-event-schemas/{customEventSchemaId}`, 'M', (ctx) => {
		const list = schemas(ctx);
		list.splice(list.indexOf(one(ctx)), 1);
		return noContent();
	});
}

export function register(r: Router): void {
	registerProjects(r);

	registerCustomEventSchemas(r);

	r.post(`${P}/webhooks`, 'M', (ctx) => {
		const p = project(ctx);
		const body = bodyObject(ctx.body);
		const w: Webhook = {
			id: ctx.env.store.newId('wh_'),
			object: 'webhook',
			created_at: new Date().toISOString(),
			target_url: checkTargetUrl(body.target_url),
			events: checkEvents(body.events),
			active: optionalBoolean(body, 'active') ?? true,
		};
		ctx.env.store.webhooks.set(w.id, w);
		ctx.env.store.webhookProject.set(w.id, p.id);
		ctx.env.counters.webhooksCreated++;
		ctx.env.noteCreate(ctx.path, body);
		return ok(w);
	});

	r.get(`${P}/webhooks`, 'M', (ctx) => ok(countedList(ctx.env.store.webhooksOf(project(ctx).id))));

	r.get(`${P}/webhooks/{webhookId}`, 'M', (ctx) => ok(webhook(ctx)));

	r.put(`${P}/webhooks/{webhookId}`, 'M', (ctx) => {
		const w = webhook(ctx);
		// The PUT carries the whole configuration, as on create: target_url and events required, active defaulting to true.
		const body: Json = bodyObject(ctx.body);
		const next = {
			target_url: checkTargetUrl(body.target_url),
			events: checkEvents(body.events),
			active: optionalBoolean(body, 'active') ?? true,
		};
		Object.assign(w, next);
		return ok(w);
	});

	r.delete(`${P}/webhooks/{webhookId}`, 'M', (ctx) => {
		const w = webhook(ctx);
		ctx.env.store.webhooks.delete(w.id);
		ctx.env.store.webhookProject.delete(w.id);
		return noContent();
	});
}
