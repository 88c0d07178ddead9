import { FIXTURES } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { listSearch } from '../../harness/loadOptions.cjs';
import { useEmulator } from '../v2/helpers.cjs';

const ctx = useEmulator();
const resource = 'branding';
const run = (operation: string, parameters: Record<string, unknown> = {}) => ctx.run({ authentication: 'managementKeys', resource, operation, ...parameters } as never);
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const brandingPath = `/management/v1/projects/${FIXTURES.productionProjectId}/branding`;
const required = { brandName: 'Acme', street: '1 Main St', city: 'Warsaw', postal: '00-001', country: 'Poland', email: 'hello@acme.example' };

describe('Branding: Create, Get, Get Many, Update, Delete', () => {
	it('creates a branding in the chosen project, reads, lists, updates one field keeping the others, and deletes it', async () => {
		const production = byId(FIXTURES.productionProjectId);
		const created = await run('create', { projectId: production, ...required, additionalFields: { phone: '+48 123', websiteUrl: 'https://acme.example' } });
		expect(created.error).toBeUndefined();
		const id = String(created.items[0].json.id);
		expect(ctx.sent()[0]).toEqual({
			method: 'POST',
			path: brandingPath,
			query: {},
			body: {
				brand: { name: 'Acme', website_url: 'https://acme.example' },
				address: { street: '1 Main St', city: 'Warsaw', postal: '00-001', country: 'Poland' },
				contact: { email: 'hello@acme.example', phone: '+48 123' },
			},
		});

		expect((await run('get', { projectId: production, brandingId: byId(id) })).items[0].json).toMatchObject({ id, brand: { name: 'Acme' } });
		expect((await run('getAll', { projectId: production, returnAll: true })).items.map((item) => item.json.id)).toEqual([id]);

		const updated = await run('update', { projectId: production, brandingId: byId(id), updateFields: { city: 'Kraków' } });
		expect(ctx.sent().at(-1)?.body).toEqual({ address: { city: 'Kraków' } });
		expect(updated.items[0].json).toMatchObject({ address: { street: '1 Main St', city: 'Kraków' }, contact: { email: 'hello@acme.example' } });

		const found = await listSearch('searchBrandings', { parameters: { authentication: 'managementKeys', resource, operation: 'get', projectId: production }, credentials: credentialsFor(ctx.emu) }, 'acm');
		expect(found.results).toEqual([{ name: 'Acme', value: id }]);

		const deleted = await run('delete', { projectId: production, brandingId: byId(id) });
		expect(deleted.items.map((item) => item.json)).toEqual([{ deleted: true, id }]);
		expect((await run('get', { projectId: production, brandingId: byId(id) })).error?.httpCode).toBe('404');
	});

	describe('refuses before sending', () => {
		const base = { authentication: 'managementKeys', resource, operation: 'create' };
		it('a create without a required field', () => ctx.expectInvalid({ ...base, ...required, email: '={{ "" }}' }, 'Email', /is required/));
		it('a website that is not an http(s) address', () => ctx.expectInvalid({ ...base, ...required, additionalFields: { websiteUrl: 'acme.example' } }, 'Website URL', /http/));
		it('an update with no fields', () => ctx.expectInvalid({ ...base, operation: 'update', brandingId: byId('brd_1') }, 'Update Fields', /at least one field/));
	});
});
