/**
 * Exports (auth A or Bearer): an export is SCHEDULED, IN_PROGRESS while its delay runs, then DONE with `result.url`, the
 * address of its CSV file with a download token. GET /v1/exports/{id}?token=… serves that file to whoever holds
 * the token (no app keys needed, as on the service's download hosts); without a token it returns the export.
 */
import { randomBytes } from 'crypto';
import { authenticate } from '../auth.cjs';
import { pagedList } from '../envelopes.cjs';
import { ApiError, invalidPayload, notFound } from '../errors.cjs';
import { Ctx, Env, noContent, ok, Router } from '../router.cjs';
import type { ExportJob, Store } from '../state.cjs';
import { bodyObject, isObject, Json, optionalObject, optionalString, pageOf, parseEnumParam, parseLimit, parsePage, rejectUnknown } from '../validate.cjs';

export const EXPORTED_OBJECTS = ['voucher', 'redemption', 'customer', 'publication', 'order', 'points_expiration', 'voucher_transactions'] as const;

/** The fields an export has when the request names none (as the service documents them). */
const DEFAULT_FIELDS: Record<string, string[]> = {
	voucher: ['code', 'voucher_type', 'value', 'discount_type'],
	redemption: ['id', 'object', 'voucher_code', 'customer_id', 'date', 'result'],
	customer: ['name', 'source_id'],
	publication: ['code', 'customer_id', 'date', 'channel'],
	order: ['id', 'source_id', 'status'],
	points_expiration: ['id', 'campaign_id', 'voucher_id', 'status', 'expires_at', 'points'],
	voucher_transactions: ['id', 'type', 'source_id', 'status', 'reason', 'source', 'balance', 'amount', 'created_at'],
};

/** The records an export of `kind` holds, from the store (kinds the emulator keeps nothing of are empty). */
function records(store: Store, kind: string): Json[] {
	switch (kind) {
		case 'customer':
			return [...store.customers.values()] as unknown as Json[];
		case 'order':
			return Array.from({ length: store.orders.length }, (_, i) => store.orders.at(i));
		case 'voucher':
			return [...store.loyaltyCards.values()].map((card) => ({ id: card.id, code: card.code, voucher_type: 'LOYALTY_CARD', campaign_id: card.campaign_id, customer_id: card.customer_id, active: true }));
		case 'points_expiration':
			return [...store.loyaltyCards.values()].map((card, i) => ({
				id: `lpe_${card.id.slice(-8)}`,
				campaign_id: card.campaign_id,
				voucher_id: card.id,
				points: 100 * (i + 1),
				status: 'ACTIVE',
				expires_at: new Date(Date.UTC(2030, 0, 1 + i)).toISOString().slice(0, 10),
			}));
		default:
			return [];
	}
}

const title = (field: string) => field.split('_').map((w) => (w === 'id' ? 'ID' : w[0].toUpperCase() + w.slice(1))).join(' ');

function cell(record: Json, field: string): string {
	const address = isObject(record.address) ? record.address : {};
	const v = field.startsWith('address_') ? address[field.slice(8)] : field === 'date' ? record.created_at : record[field];
	if (v === undefined || v === null) return '';
	const text = typeof v === 'object' ? JSON.stringify(v) : String(v);
	return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function toCsv(job: ExportJob, store: Store): string {
	const fields = Array.isArray(job.parameters.fields) && job.parameters.fields.length ? (job.parameters.fields as string[]) : DEFAULT_FIELDS[job.exported_object];
	const lines = [fields.map(title).join(',')];
	for (const record of records(store, job.exported_object)) lines.push(fields.map((f) => cell(record, f)).join(','));
	return `${lines.join('\n')}\n`;
}

/** Moves the export along by time; makes its file once it is DONE. */
function settle(env: Env, job: ExportJob): ExportJob {
	if (job.status === 'DONE' || job.status === 'ERROR') return job;
	if (Date.now() < job.readyAt) {
		job.status = 'IN_PROGRESS';
		return job;
	}
	job.csv = toCsv(job, env.store);
	job.status = 'DONE';
	const base = env.settings.downloadBaseUrl ?? env.baseUrl;
	job.result = { url: `${base}/v1/exports/${encodeURIComponent(job.id)}?token=${job.token}` };
	return job;
}

export function view(job: ExportJob): Json {
	const { token: _token, readyAt: _readyAt, csv: _csv, ...rest } = job;
	return rest;
}

/** A new export job (also used for the fixture). */
export function newExport(store: Store, kind: string, parameters: Json, readyAt: number, id = store.newId('exp_'), token = randomBytes(16).toString('hex')): ExportJob {
	const job: ExportJob = {
		id,
		object: 'export',
		created_at: new Date().toISOString(),
		status: 'SCHEDULED',
		channel: 'API',
		exported_object: kind,
		parameters,
		result: null,
		user_id: null,
		token,
		readyAt,
	};
	store.exports.set(job.id, job);
	return job;
}

function findExport(ctx: Ctx): ExportJob {
	const job = ctx.env.store.exports.get(ctx.params.exportId);
	if (!job) throw notFound('export', ctx.params.exportId);
	return settle(ctx.env, job);
}

/** An export's parameters (fields, order, filters; campaign_id for vouchers), checked as the service checks them. */
function checkedParameters(body: Json, kind: string): Json {
	const parameters = optionalObject(body, 'parameters', false) ?? {};
	if (parameters.fields !== undefined && (!Array.isArray(parameters.fields) || parameters.fields.some((f) => typeof f !== 'string')))
		throw invalidPayload('Field parameters.fields must be an array of field names');
	if (parameters.order !== undefined && typeof parameters.order !== 'string') throw invalidPayload('Field parameters.order must be a string');
	if (parameters.filters !== undefined && !isObject(parameters.filters)) throw invalidPayload('Field parameters.filters must be an object');
	if (parameters.campaign_id !== undefined && (kind !== 'voucher' || typeof parameters.campaign_id !== 'string'))
		throw invalidPayload('Field parameters.campaign_id is a string, for voucher exports only');
	return parameters;
}

export function register(r: Router): void {
	r.post('/v1/exports', 'A|B', (ctx) => {
		const body = bodyObject(ctx.body);
		const kind = optionalString(body, 'exported_object', false);
		if (!kind || !(EXPORTED_OBJECTS as readonly string[]).includes(kind))
			throw invalidPayload(`Field exported_object is required and must be one of ${EXPORTED_OBJECTS.join(', ')}`);
		const job = newExport(ctx.env.store, kind, checkedParameters(body, kind), Date.now() + ctx.env.settings.exportDelayMs);
		ctx.env.noteCreate(ctx.path, body);
		return ok(view(job));
	});

	// The orders' own export: the same export of orders, its body without exported_object (empty: id, source_id, status).
	r.post('/v1/orders/export', 'A|B', (ctx) => {
		const body = ctx.body === undefined ? {} : bodyObject(ctx.body);
		rejectUnknown(body, ['parameters']);
		const job = newExport(ctx.env.store, 'order', checkedParameters(body, 'order'), Date.now() + ctx.env.settings.exportDelayMs);
		return ok(view(job));
	});

	r.delete('/v1/exports/{exportId}', 'A|B', (ctx) => {
		findExport(ctx);
		ctx.env.store.exports.delete(ctx.params.exportId);
		return noContent();
	});

	r.get('/v1/exports', 'A|B', (ctx) => {
		const limit = parseLimit(ctx.query, 10);
		const page = parsePage(ctx.query, 100);
		const order = parseEnumParam(ctx.query, 'order', ['created_at', '-created_at', 'status', '-status'] as const, '-created_at')!;
		const field = order.replace('-', '') as 'created_at' | 'status';
		const all = [...ctx.env.store.exports.values()].map((job) => settle(ctx.env, job));
		all.sort((a, b) => (a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : a.id < b.id ? -1 : 1));
		if (order.startsWith('-')) all.reverse();
		return ok(pagedList('exports', pageOf(all, page, limit).map(view), all.length));
	});

	// Auth is decided inside: a download token, or the app keys (or a bearer) for the export itself.
	r.get('/v1/exports/{exportId}', 'none', (ctx) => {
		const token = ctx.query.token;
		if (token === undefined) {
			authenticate('A|B', ctx.headers, ctx.env);
			return ok(view(findExport(ctx)));
		}
		const job = ctx.env.store.exports.get(ctx.params.exportId);
		if (!job || token !== job.token) throw new ApiError(401, 'unauthorized', 'The download token is not valid for this export', { message: 'Unauthorized' });
		settle(ctx.env, job);
		if (job.status !== 'DONE') throw notFound('export_file', job.id, 'export file');
		return { status: 200, body: job.csv, contentType: 'text/plain; charset=utf-8' };
	});
}
