/** Path patterns → handlers, with the auth scheme checked before the handler runs. */
import type { IncomingHttpHeaders } from 'http';
import { AuthEnv, AuthScheme, authenticate } from './auth.cjs';
import { ApiError, invalidParam } from './errors.cjs';
import type { Counters, EmulatorCredentials } from './types.cjs';
import type { Store } from './state.cjs';

/** What a route handler can reach. */
export interface Env extends AuthEnv {
	store: Store;
	creds: EmulatorCredentials;
	counters: Counters;
	settings: {
		managementFeature: boolean;
		tokenLifetimeSeconds: number;
		cursorLifetimeMs: number;
		acceptSeedShapes: boolean;
		/** Async actions (imports): a fixed time plus a time per row before they are DONE. */
		asyncActionBaseMs: number;
		asyncActionRowsPerSecond: number;
		/** Exports: how long until the file is ready. */
		exportDelayMs: number;
		/** Where export files are served (result.url); default the emulator's own base URL. */
		downloadBaseUrl?: string;
	};
	/** The emulator's own base URL, e.g. http://127.0.0.1:4010. */
	readonly baseUrl: string;
	/** Queue a webhook event (fire and forget). */
	emit(type: string, data: object, entityId?: string): void;
	/** Count a creating POST; returns true when the same body was already posted to the same path. */
	noteCreate(path: string, body: unknown): boolean;
}

export interface Ctx {
	method: string;
	path: string;
	params: Record<string, string>;
	query: Record<string, string>;
	headers: IncomingHttpHeaders;
	body: unknown;
	contentType: string;
	requestId: string;
	env: Env;
	/** Malformed JSON: answered 400 once the route and its auth have been checked. */
	bodyError?: ApiError;
}

export interface Reply {
	status: number;
	/** Sent as JSON, unless `contentType` says otherwise (then it is sent as the text it is). */
	body?: unknown;
	headers?: Record<string, string>;
	contentType?: string;
}

export type Handler = (ctx: Ctx) => Reply | Promise<Reply>;

interface Route {
	method: string;
	pattern: string;
	regex: RegExp;
	names: string[];
	auth: AuthScheme;
	handler: Handler;
}

export const ok = (body: unknown): Reply => ({ status: 200, body });
export const noContent = (): Reply => ({ status: 204 });
/** 202: accepted, to be done by an async action. */
export const accepted = (body: unknown): Reply => ({ status: 202, body });

export class Router {
	private readonly routes: Route[] = [];

	add(method: string, pattern: string, auth: AuthScheme, handler: Handler): this {
		const names: string[] = [];
		const regex = new RegExp(
			'^' +
				pattern.replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, n: string) => {
					names.push(n);
					return '([^/]+)';
				}) +
				'/?$',
		);
		this.routes.push({ method, pattern, regex, names, auth, handler });
		return this;
	}

	get(p: string, a: AuthScheme, h: Handler): this {
		return this.add('GET', p, a, h);
	}
	post(p: string, a: AuthScheme, h: Handler): this {
		return this.add('POST', p, a, h);
	}
	put(p: string, a: AuthScheme, h: Handler): this {
		return this.add('PUT', p, a, h);
	}
	delete(p: string, a: AuthScheme, h: Handler): this {
		return this.add('DELETE', p, a, h);
	}

	/** All registered routes (method and pattern), e.g. for a coverage check. */
	list(): Array<{ method: string; pattern: string; auth: AuthScheme }> {
		return this.routes.map(({ method, pattern, auth }) => ({ method, pattern, auth }));
	}

	async handle(ctx: Omit<Ctx, 'params'>): Promise<Reply> {
		let pathMatched = false;
		for (const r of this.routes) {
			const m = r.regex.exec(ctx.path);
			if (!m) continue;
			pathMatched = true;
			if (r.method !== ctx.method) continue;
			const params: Record<string, string> = {};
			r.names.forEach((n, i) => {
				try {
					params[n] = decodeURIComponent(m[i + 1]);
				} catch {
					throw invalidParam(`Path parameter ${n} is not valid percent-encoding`);
				}
			});
			authenticate(r.auth, ctx.headers, ctx.env);
			if (ctx.bodyError) throw ctx.bodyError;
			return r.handler({ ...ctx, params });
		}
		if (pathMatched) throw new ApiError(405, 'method_not_allowed', `${ctx.method} is not allowed on ${ctx.path}`);
		throw new ApiError(404, 'not_found', `No route for ${ctx.method} ${ctx.path}`, { resource_type: 'route', resource_id: ctx.path });
	}
}
