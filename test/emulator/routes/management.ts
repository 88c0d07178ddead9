/** Management API (auth M): project, custom event schemas, webhooks CRUD. */
import { countedList } from '../envelopes';
import { invalidPayload, notFound } from '../errors';
import { isEventKind } from '../events';
import { Ctx, noContent, ok, Router } from '../router';
import type { Webhook } from '../state';
import { bodyObject, Json, optionalBoolean } from '../validate';

const P = '/management/v1/projects/{projectId}';

function project(ctx: Ctx) {
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

export function register(r: Router): void {
	r.get(P, 'M', (ctx) => ok(project(ctx)));

	r.get(`${P}/custom-event-schemas`, 'M', (ctx) => {
		const list = ctx.env.store.customEventSchemas.get(project(ctx).id) ?? [];
		return ok(countedList(list));
	});

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
