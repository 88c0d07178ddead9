import { FIXTURES } from '../../emulator/index.cjs';
import { useEmulator } from './helpers.cjs';

const ctx = useEmulator();
const base = { resource: 'program', operation: 'update' };

describe('Program (Beta): Update', () => {
	it('renames a draft program and sets its dates and metadata', async () => {
		const { items, error } = await ctx.run({
			...base,
			programId: FIXTURES.programDraft,
			updateFields: {
				name: 'Spring Program',
				startDate: '2030-03-01T00:00:00.000Z',
				endDate: '2030-06-01T12:30:00Z',
				metadata: { fields: [{ key: 'season', value: 'spring' }] },
				metadataJson: '{"tier": 2}',
			},
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([
			expect.objectContaining({
				id: FIXTURES.programDraft,
				name: 'Spring Program',
				start_date: '2030-03-01T00:00:00.000Z',
				end_date: '2030-06-01T12:30:00.000Z',
				// merged server-side into the fixture's metadata
				metadata: { fixture: true, season: 'spring', tier: 2 },
			}),
		]);
		expect(ctx.sent()).toEqual([
			{
				method: 'PUT',
				path: `/v2/loyalties/programs/${FIXTURES.programDraft}`,
				query: {},
				body: {
					name: 'Spring Program',
					start_date: '2030-03-01T00:00:00.000Z',
					end_date: '2030-06-01T12:30:00.000Z',
					metadata: { season: 'spring', tier: 2 },
				},
			},
		]);
	});

	it('sends null to clear a date', async () => {
		await ctx.run({ ...base, programId: FIXTURES.programDraft, updateFields: { startDate: '2030-03-01T00:00:00Z' } });
		ctx.emu.control.clearRequests();
		const { items, error } = await ctx.run({ ...base, programId: FIXTURES.programDraft, updateFields: { clearStartDate: true, clearEndDate: true } });
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ start_date: null, end_date: null });
		expect(ctx.sent().map((request) => request.body)).toEqual([{ start_date: null, end_date: null }]);
	});

	it('sets daily validity hours, and clears them with null', async () => {
		const daily = { type: 'DAILY', daily: [{ days_of_week: [1, 2, 3, 4, 5], start_time: '09:00', end_time: '17:00' }] };
		const { error } = await ctx.run({ ...base, programId: FIXTURES.programDraft, updateFields: { validityHours: JSON.stringify(daily) } });
		expect(error).toBeUndefined();
		const cleared = await ctx.run({ ...base, programId: FIXTURES.programDraft, updateFields: { validityHours: 'null' } });
		expect(cleared.error).toBeUndefined();
		expect(ctx.sent().map((request) => request.body)).toEqual([{ validity_hours: daily }, { validity_hours: null }]);
	});

	it('maps the 409 of an ACTIVE program whose start date changes, with the service message', async () => {
		const { error } = await ctx.run({ ...base, programId: FIXTURES.programActive, updateFields: { startDate: '2030-03-01T00:00:00Z' } });
		expect(error?.httpCode).toBe('409');
		expect(error?.description).toMatch(/start_date and end_date can be updated only in DRAFT/);
		expect(error?.context?.serviceError).toMatchObject({ key: 'resource_in_invalid_state', resource_id: FIXTURES.programActive });
		expect(ctx.sent()).toHaveLength(1);
	});

	it('lets an ACTIVE program change its name and metadata', async () => {
		const { items, error } = await ctx.run({ ...base, programId: FIXTURES.programActive, updateFields: { name: 'Renamed' } });
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ id: FIXTURES.programActive, name: 'Renamed', status: 'ACTIVE' });
	});

	it('maps a 404 for an unknown program', async () => {
		const { error } = await ctx.run({ ...base, programId: 'lprg_ffff', updateFields: { name: 'x' } });
		expect(error?.httpCode).toBe('404');
		expect(error?.context?.serviceError).toMatchObject({ key: 'not_found', resource_id: 'lprg_ffff' });
	});

	describe('validation, nothing sent', () => {
		it('checks the program id pattern', () =>
			ctx.expectInvalid({ ...base, programId: 'prog_1', updateFields: { name: 'x' } }, 'Program', /must match \^lprg_\[a-f0-9\]\+\$/));
		it('needs at least one field', () => ctx.expectInvalid({ ...base, programId: FIXTURES.programDraft, updateFields: {} }, 'Update Fields', /at least one field/));
		it('keeps names within 200 characters', () =>
			ctx.expectInvalid({ ...base, programId: FIXTURES.programDraft, updateFields: { name: 'n'.repeat(201) } }, 'Name', /at most 200 characters/));
		it('refuses an empty name', () => ctx.expectInvalid({ ...base, programId: FIXTURES.programDraft, updateFields: { name: ' ' } }, 'Name', /is required/));
		it('refuses validity hours of an unknown type, or DAILY without windows', async () => {
			await ctx.expectInvalid({ ...base, programId: FIXTURES.programDraft, updateFields: { validityHours: '{"type": "WEEKLY"}' } }, 'Validity Hours (JSON) type', /must be one of/);
			await ctx.expectInvalid({ ...base, programId: FIXTURES.programDraft, updateFields: { validityHours: '{"type": "DAILY"}' } }, 'Validity Hours (JSON)', /at least one daily window/);
		});
		it('refuses a date and its Clear switch together', () =>
			ctx.expectInvalid(
				{ ...base, programId: FIXTURES.programDraft, updateFields: { startDate: '2030-01-01T00:00:00Z', clearStartDate: true } },
				'Start Date',
				/not both/,
			));
		it('refuses an end date before the start date', () =>
			ctx.expectInvalid(
				{ ...base, programId: FIXTURES.programDraft, updateFields: { startDate: '2030-02-01T00:00:00Z', endDate: '2030-01-01T00:00:00Z' } },
				'End Date',
				/must not be before Start Date/,
			));
		it('refuses a date that does not parse', () =>
			ctx.expectInvalid({ ...base, programId: FIXTURES.programDraft, updateFields: { endDate: 'soon' } }, 'End Date', /must be a date-time/));
		it('refuses metadata JSON that is not an object', () =>
			ctx.expectInvalid({ ...base, programId: FIXTURES.programDraft, updateFields: { metadataJson: '[1]' } }, 'Metadata (JSON)', /must be a JSON object/));
		it('refuses invalid metadata JSON', () =>
			ctx.expectInvalid({ ...base, programId: FIXTURES.programDraft, updateFields: { metadataJson: '{oops' } }, 'Metadata (JSON)', /is not valid JSON/));
	});
});
