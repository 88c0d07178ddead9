import type { INodeParameters } from 'n8n-workflow';
import { FIXTURES } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { listSearch } from '../../harness/loadOptions.cjs';
import { useEmulator } from './helpers.cjs';

/** Card Definition (Beta): Get, Get Many, Activate, Move to Draft, Get Many Activities, Delete (Update: cardDefinition.test.cts). */
const ctx = useEmulator();
const run = (operation: string, parameters: INodeParameters = {}) => ctx.run({ resource: 'cardDefinition', operation, ...parameters } as INodeParameters);

describe('Card Definition (Beta): the catalogue operations', () => {
	it('gets one and lists them by status', async () => {
		const one = await run('get', { cardDefinition: FIXTURES.cardDefinitionActive });
		expect(one.items[0].json).toMatchObject({ id: FIXTURES.cardDefinitionActive, status: 'ACTIVE' });
		expect(ctx.sent()[0].path).toBe(`/v2/loyalties/card-definitions/${FIXTURES.cardDefinitionActive}`);
		const drafts = await run('getAll', { returnAll: true, filters: { status: 'DRAFT' } });
		expect(drafts.items.map((item) => item.json.id)).toEqual([FIXTURES.cardDefinitionDraft]);
	});

	it('activates a draft, moves it back to draft; activating an active one maps the 409; the moves are activities', async () => {
		expect((await run('activate', { cardDefinition: FIXTURES.cardDefinitionDraft })).items[0].json.status).toBe('ACTIVE');
		expect((await run('activate', { cardDefinition: FIXTURES.cardDefinitionDraft })).error?.httpCode).toBe('409');
		expect((await run('draft', { cardDefinition: FIXTURES.cardDefinitionDraft })).items[0].json.status).toBe('DRAFT');
		const activities = await run('getManyActivities', { cardDefinition: FIXTURES.cardDefinitionDraft, returnAll: true, filters: { order: 'created_at' } });
		expect(activities.items.map((item) => item.json.type)).toEqual(['vl.card_definition.activated', 'vl.card_definition.drafted']);
	});

	it('Delete answers { deleted: true, id }; the definition is gone from reads and from its programs', async () => {
		const { items } = await run('delete', { cardDefinition: FIXTURES.cardDefinitionActive });
		expect(items[0].json).toEqual({ deleted: true, id: FIXTURES.cardDefinitionActive });
		expect((await run('get', { cardDefinition: FIXTURES.cardDefinitionActive })).error?.httpCode).toBe('404');
		expect(ctx.emu.control.state.programAssignments.get(FIXTURES.programActive)!.card_definitions.has(FIXTURES.cardDefinitionActive)).toBe(false);
	});

	it('checks the ID before sending', () => ctx.expectInvalid({ resource: 'cardDefinition', operation: 'get', cardDefinition: 'lcd_1' }, 'Card Definition', /must match \^lcdef_/));

	it('From List finds card definitions by name', async () => {
		const parameters = { resource: 'cardDefinition', operation: 'get' } as INodeParameters;
		const { results } = await listSearch('searchCardDefinitions', { parameters, credentials: credentialsFor(ctx.emu) }, 'Draft');
		expect(results).toEqual([{ name: 'Draft card (DRAFT)', value: FIXTURES.cardDefinitionDraft }]);
	});
});
