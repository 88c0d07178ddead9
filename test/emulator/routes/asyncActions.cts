/**
 * Async actions (auth A or Bearer): the background jobs CSV imports start. A job is IN_PROGRESS until its time is up (a
 * fixed time plus its rows at the configured rate), then applies itself to the store once and is DONE with its
 * result (per-row failures included). GET /v1/async-actions/{id} reports it.
 */
import { notFound } from '../errors.cjs';
import type { Env } from '../router.cjs';
import { ok, Router } from '../router.cjs';
import type { AsyncAction } from '../state.cjs';
import { parseDateParam, parseLimit, type Json } from '../validate.cjs';

/** Finishes the job if its time has come (applying it to the store exactly once). */
export function settle(action: AsyncAction, now = Date.now()): AsyncAction {
	if (action.status === 'DONE' || action.status === 'FAILED') return action;
	if (now < action.readyAt) {
		const span = Math.max(1, action.readyAt - action.startedAt);
		action.status = 'IN_PROGRESS';
		action.progress = Math.min(99, Math.floor(((now - action.startedAt) / span) * 100));
		return action;
	}
	try {
		action.result = action.finish?.() ?? {};
		action.status = 'DONE';
	} catch (e) {
		action.result = { message: (e as Error).message };
		action.status = 'FAILED';
	}
	action.finish = undefined;
	action.progress = 100;
	action.processing_time = now - action.startedAt;
	action.updated_at = new Date(now).toISOString();
	return action;
}

/** The job as the API shows it. */
export function asyncActionView(a: AsyncAction): Json {
	return {
		id: a.id,
		type: a.type,
		status: a.status,
		operation_status: a.status === 'DONE' ? 'SUCCESS' : a.status === 'FAILED' ? 'FAILED' : 'UNKNOWN',
		result: a.result,
		created_at: a.created_at,
		updated_at: a.updated_at,
		request_id: a.request_id,
		progress: a.progress,
		processing_time: a.processing_time,
		object: 'async_action',
	};
}

/**
 * The job also finishes on its own when nobody asks (a reset store keeps the old one alive only until then). A
 * timer runs on the monotonic clock and readyAt on the wall clock, truncated to ms each: the timer can fire a
 * millisecond before readyAt (or more, when the wall clock is adjusted), and settle() then finds the job not
 * due yet. So the timer is set again until the job is done; else the job would stay IN_PROGRESS until someone
 * asks, and nobody may.
 */
function finishOnItsOwn(action: AsyncAction): void {
	const wait = Math.max(1, action.readyAt - Date.now());
	setTimeout(() => {
		if (settle(action).status === 'IN_PROGRESS') finishOnItsOwn(action);
	}, wait).unref();
}

/** Queues a job of `rows` rows; `finish` applies it and returns its result when its time is up. */
export function startAsyncAction(env: Env, type: string, rows: number, requestId: string, finish: () => Json): AsyncAction {
	const now = Date.now();
	const { asyncActionBaseMs, asyncActionRowsPerSecond } = env.settings;
	const action: AsyncAction = {
		id: env.store.newId('aa_'),
		type,
		status: 'ENQUEUED',
		result: null,
		created_at: new Date(now).toISOString(),
		updated_at: new Date(now).toISOString(),
		request_id: requestId,
		progress: 0,
		processing_time: 0,
		object: 'async_action',
		startedAt: now,
		readyAt: now + asyncActionBaseMs + Math.ceil((rows / asyncActionRowsPerSecond) * 1000),
		finish,
	};
	env.store.asyncActions.set(action.id, action);
	finishOnItsOwn(action);
	return action;
}

export function register(r: Router): void {
	// Newest first; the next page is asked for with end_date (actions scheduled before it), as the contract pages it.
	r.get('/v1/async-actions', 'A|B', (ctx) => {
		const limit = parseLimit(ctx.query, 10);
		const end = parseDateParam(ctx.query, 'end_date');
		const all = [...ctx.env.store.asyncActions.values()]
			.map((action) => asyncActionView(settle(action)))
			.filter((view) => end === undefined || Date.parse(String(view.created_at)) < end)
			.sort((a, b) => Date.parse(String(b.created_at)) - Date.parse(String(a.created_at)) || String(b.id).localeCompare(String(a.id)));
		return ok({ object: 'list', data_ref: 'async_actions', async_actions: all.slice(0, limit), has_more: all.length > limit });
	});
	r.get('/v1/async-actions/{asyncActionId}', 'A|B', (ctx) => {
		const action = ctx.env.store.asyncActions.get(ctx.params.asyncActionId);
		if (!action) throw notFound('async_action', ctx.params.asyncActionId, 'async action');
		return ok(asyncActionView(settle(action)));
	});
}
