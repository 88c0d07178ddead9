import type { INodeParameters } from 'n8n-workflow';
import { FIXTURES } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { listSearch } from '../../harness/loadOptions.cjs';
import { useEmulator } from './helpers.cjs';

/** Tier Structure (Beta): Get, Get Many, Activate, Deactivate, Move to Draft, Get Many Activities, Delete (Update: tierStructure.test.cts). */
const ctx = useEmulator();
const run = (operation: string, parameters: INodeParameters = {}) => ctx.run({ resource: 'tierStructure', operation, ...parameters } as INodeParameters);

describe('Tier Structure (Beta): the catalogue operations', () => {
	it('gets one and lists them by status, page by page', async () => {
		const one = await run('get', { tierStructure: FIXTURES.tierStructureActive });
		expect(one.items[0].json).toMatchObject({ id: FIXTURES.tierStructureActive, status: 'ACTIVE', type: 'POINT_EARNED' });
		const drafts = await run('getAll', { returnAll: true, filters: { status: 'DRAFT', order: 'name' } });
		expect(drafts.items.map((item) => item.json.id)).toEqual([FIXTURES.tierStructureDraftEarned, FIXTURES.tierStructureDraft]);
	});

	it('DRAFT → ACTIVE → INACTIVE → ACTIVE → DRAFT; a move from the wrong status maps the 409; the moves are activities', async () => {
		const id = FIXTURES.tierStructureDraft;
		for (const [operation, status] of [['activate', 'ACTIVE'], ['deactivate', 'INACTIVE'], ['activate', 'ACTIVE'], ['draft', 'DRAFT']]) {
			const { items, error } = await run(operation, { tierStructure: id });
			expect(error).toBeUndefined();
			expect(items[0].json.status).toBe(status);
		}
		expect((await run('deactivate', { tierStructure: id })).error?.httpCode).toBe('409');
		const activities = await run('getManyActivities', { tierStructure: id, returnAll: true, filters: { order: 'created_at' } });
		expect(activities.items.map((item) => item.json.type)).toEqual([
			'vl.tier_structure.activated',
			'vl.tier_structure.deactivated',
			'vl.tier_structure.activated',
			'vl.tier_structure.drafted',
		]);
	});

	it('Delete answers { deleted: true, id } and the structure is gone', async () => {
		const { items } = await run('delete', { tierStructure: FIXTURES.tierStructureDraftEarned });
		expect(items[0].json).toEqual({ deleted: true, id: FIXTURES.tierStructureDraftEarned });
		expect((await run('get', { tierStructure: FIXTURES.tierStructureDraftEarned })).error?.httpCode).toBe('404');
	});

	it('checks the ID before sending', () => ctx.expectInvalid({ resource: 'tierStructure', operation: 'activate', tierStructure: 'ts_1' }, 'Tier Structure', /must match \^lts_/));

	it('From List finds tier structures by name', async () => {
		const parameters = { resource: 'tierStructure', operation: 'get' } as INodeParameters;
		const { results } = await listSearch('searchTierStructures', { parameters, credentials: credentialsFor(ctx.emu) }, 'active');
		expect(results).toEqual([{ name: 'Active tiers (ACTIVE)', value: FIXTURES.tierStructureActive }]);
	});
});
