/** Locations, through n8n's engine against the emulator: the list has no page parameter, so it pages by date. */
import { FIXTURES } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { listSearch } from '../../harness/loadOptions.cjs';
import { serviceErrorOf, useEmulator, type Parameters } from './setup.cjs';

const ctx = useEmulator();

const location = (operation: string, extra: Parameters = {}) => ({ resource: 'location', operation, ...extra });
const BEFORE = 'filters[created_at][conditions][$before]';
const TOTAL = FIXTURES.locationIds.length;

describe('Location', () => {
	it('gets a location with its shape; an unknown one is the service 404', async () => {
		const { items, error } = await ctx.run(location('get', { locationId: { __rl: true, mode: 'list', value: FIXTURES.locationIds[0] } }));
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ id: FIXTURES.locationIds[0], name: 'Warsaw', object: 'location', shape: { type: 'circle', format: 'distance' } });
		const missing = await ctx.run(location('get', { locationId: 'loc_missing' }));
		expect(serviceErrorOf(missing)).toMatchObject({ httpCode: '404', key: 'not_found', resource_id: 'loc_missing' });
		expect(ctx.sent().map((request) => request.path)).toEqual([`/v1/locations/${FIXTURES.locationIds[0]}`, '/v1/locations/loc_missing']);
	});

	it(`Return All reads all ${TOTAL} locations once, newest first, asking the next page by the last one's creation date`, async () => {
		const { items, error } = await ctx.run(location('getAll', { returnAll: true }));
		expect(error).toBeUndefined();
		const ids = items.map((item) => String(item.json.id));
		expect(ids).toHaveLength(TOTAL);
		expect(new Set(ids)).toEqual(new Set(FIXTURES.locationIds));
		const queries = ctx.sent().map((request) => request.query);
		expect(queries).toHaveLength(2);
		expect(queries[0]).toEqual({ limit: '100' });
		// Two locations share each millisecond: the next page starts at the last one's moment again (strict bound).
		expect(queries[1]).toEqual({ limit: '100', [BEFORE]: new Date(Date.parse(String(items[99].json.created_at)) + 1).toISOString() });
	});

	it('sends the name and date filters as the service names them', async () => {
		const { items } = await ctx.run(location('getAll', { limit: 10, filters: { name: 'warsaw', createdAfter: '2000-01-01T00:00:00.000Z', updatedBefore: '2100-01-01T00:00:00.000Z', order: 'created_at' } }));
		expect(ctx.sent()[0].query).toEqual({
			limit: '10',
			order: 'created_at',
			'filters[name][conditions][$contains]': 'warsaw',
			'filters[created_at][conditions][$after]': '2000-01-01T00:00:00.000Z',
			'filters[updated_at][conditions][$before]': '2100-01-01T00:00:00.000Z',
		});
		// The fixture locations were never updated: an updated_at bound leaves none.
		expect(items).toEqual([]);
	});

	it.each([
		[location('get', { locationId: 'Warsaw' }), 'Location', /must match \^loc_/],
		[location('getAll', { limit: 5, filters: { createdAfter: 'yesterday' } }), 'Created After', /date/i],
	])('refuses %j naming %s, sending nothing', (parameters, field, rule) => ctx.expectInvalid(parameters, field, rule));

	it('From List asks the service for names containing the text', async () => {
		const { results } = await listSearch('searchLocations', { parameters: location('get') as never, credentials: credentialsFor(ctx.emu) }, 'warsaw');
		expect(results).toEqual([{ name: 'Warsaw (circle)', value: FIXTURES.locationIds[0] }]);
		expect(ctx.sent()[0].query).toEqual({ limit: '100', 'filters[name][conditions][$contains]': 'warsaw' });
	});
});
