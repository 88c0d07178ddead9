/** Custom event tracking (auth A or Bearer): creates the customer when its source_id is unknown, records an activity. */
import { customerActivity, embedCustomer } from '../fixtures.cjs';
import { invalidPayload, notFound } from '../errors.cjs';
import { ok, Router } from '../router.cjs';
import type { Customer } from '../state.cjs';
import { bodyObject, isObject, requireString } from '../validate.cjs';

export function register(r: Router): void {
	r.post('/v1/events', 'A|B', (ctx) => {
		const { store, counters } = ctx.env;
		const body = bodyObject(ctx.body);
		const event = requireString(body, 'event', 1, 300);
		const c = body.customer;
		if (!isObject(c)) throw invalidPayload('Field customer is required and must be an object');
		const sourceId = typeof c.source_id === 'string' && c.source_id ? c.source_id : undefined;
		const id = typeof c.id === 'string' && c.id ? c.id : undefined;
		if (!sourceId && !id) throw invalidPayload('Field customer must have a source_id or an id');
		for (const f of ['referral', 'loyalty', 'metadata'])
			if (body[f] !== undefined && body[f] !== null && !isObject(body[f])) throw invalidPayload(`Field ${f} must be an object`);
		// Both objects require their code.
		for (const f of ['referral', 'loyalty']) {
			const o = body[f];
			if (isObject(o) && (typeof o.code !== 'string' || o.code === '')) throw invalidPayload(`Field ${f}.code is required and must be a non-empty string`);
		}
		const metadata = isObject(body.metadata) ? body.metadata : {};

		let cust: Customer | undefined = id ? store.customers.get(id) : store.findCustomer(sourceId!);
		if (!cust && id) throw notFound('customer', id);
		const now = new Date().toISOString();
		if (!cust) {
			cust = {
				object: 'customer',
				id: store.newId('cust_'),
				source_id: sourceId!,
				name: typeof c.name === 'string' ? c.name : null,
				description: typeof c.description === 'string' ? c.description : null,
				email: typeof c.email === 'string' ? c.email : null,
				phone: typeof c.phone === 'string' ? c.phone : null,
				metadata: isObject(c.metadata) ? c.metadata : {},
				system_metadata: {},
				created_at: now,
				updated_at: null,
			};
			store.addCustomer(cust);
			counters.customersCreated++;
			ctx.env.emit('customer.created', cust, cust.id);
		}

		const duplicate = ctx.env.noteCreate(ctx.path, body);
		counters.eventsTracked++;
		if (duplicate) counters.duplicateEvents++;
		const tracked = {
			object: 'event' as const,
			type: event,
			customer: embedCustomer(cust),
			referral: null,
			loyalty: null,
			metadata,
		};
		store.events.push({ ...tracked, created_at: now });
		const log = store.activitiesOf(cust.id);
		const t = Date.now();
		const meta = { created_at: t, updated_at: t, type: 'customer.custom_event', code: '', campaign: '', campaign_id: null, campaign_type: null, category: 'ACTION', product_id: null };
		log.append(
			customerActivity(log.nextId(), meta, cust, { channel: 'API', api_key: { name: 'emulator', app_id: ctx.env.creds.appId } }, { event: { type: event, metadata } }),
			meta,
		);
		return ok(tracked);
	});
}
