import type { INodeParameters } from 'n8n-workflow';
import { FIXTURES } from '../emulator/index.cjs';
import { useEmulator } from './v2/helpers.cjs';

/**
 * What the typed fields accept, through n8n's engine and expressions: ISO 8601 dates (with an offset, without
 * one in the workflow's time zone, a date alone as the start of that day, Luxon DateTimes and JavaScript Dates
 * from expressions), numbers and switches written as text ("12", "12.50", "false"), and dropdown values given
 * by an expression when they are in the list. The refusals are in parameterTypes.test.cts.
 */

const ctx = useEmulator();

/** The workflow's time zone in these runs: n8n's default, as the harness sets no other. */
const ZONE = 'America/New_York';

const programDates = (startDate: unknown): INodeParameters =>
	({ resource: 'program', operation: 'update', programId: FIXTURES.programDraft, updateFields: { startDate } }) as INodeParameters;

async function sentStartDate(startDate: unknown): Promise<unknown> {
	const { error } = await ctx.run(programDates(startDate));
	expect(error).toBeUndefined();
	return (ctx.sent()[0].body as { start_date?: unknown }).start_date;
}

describe('dates', () => {
	it('runs in the time zone the tests assume', async () => {
		const { items, error } = await ctx.run(
			{ resource: 'program', operation: 'update', programId: FIXTURES.programDraft, updateFields: { name: '={{ $now.zoneName }}' } },
		);
		expect(error).toBeUndefined();
		expect(items[0].json.name).toBe(ZONE);
	});

	it.each([
		['UTC (Z)', '2030-03-01T10:00:00Z', '2030-03-01T10:00:00.000Z'],
		['an offset', '2030-03-01T10:00:00+01:00', '2030-03-01T09:00:00.000Z'],
		['a negative offset and milliseconds', '2030-03-01T10:00:00.250-02:30', '2030-03-01T12:30:00.250Z'],
		['minutes only', '2030-03-01T10:00Z', '2030-03-01T10:00:00.000Z'],
		["n8n's date picker (no offset: the workflow's time zone, EST in March)", '2030-03-01T10:00:00', '2030-03-01T15:00:00.000Z'],
		["n8n's date picker in summer time (EDT)", '2030-07-01T10:00:00', '2030-07-01T14:00:00.000Z'],
		["a date alone: the start of that day in the workflow's time zone", '2030-03-01', '2030-03-01T05:00:00.000Z'],
		['29 February of a leap year', '2028-02-29T00:00:00Z', '2028-02-29T00:00:00.000Z'],
		['a Luxon DateTime from an expression', '={{ DateTime.fromISO("2030-03-01T10:00:00", { zone: "Europe/Berlin" }) }}', '2030-03-01T09:00:00.000Z'],
		['a JavaScript Date from an expression', '={{ new Date(Date.UTC(2030, 2, 1, 10)) }}', '2030-03-01T10:00:00.000Z'],
	])('accepts %s', async (_, value, expected) => {
		expect(await sentStartDate(value)).toBe(expected);
	});

	it("accepts $now, sent as that instant", async () => {
		const before = Date.now();
		const sent = Date.parse(String(await sentStartDate('={{ $now }}')));
		expect(sent).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
		expect(sent).toBeLessThanOrEqual(Date.now());
	});

	it.each([
		['a US date', '01/02/2024'],
		['a number', '={{ 1 }}'],
		['words around a year', 'hello 2020'],
		['30 February', '2030-02-30'],
		['29 February of a common year', '2030-02-29T00:00:00Z'],
		['hour 24', '2030-03-01T24:00:00Z'],
		['an offset beyond ±14:00', '2030-03-01T10:00:00+15:00'],
		['a space instead of T', '2030-03-01 10:00:00'],
		['an invalid Luxon DateTime', '={{ DateTime.fromISO("nope") }}'],
	])('refuses %s, naming the field and the form', async (_, value) => {
		const { error } = await ctx.run(programDates(value));
		expect(error?.message).toMatch(/^Start Date: must be a date-time in ISO 8601 form, e\.g\. 2024-01-31T12:00:00Z/);
		expect(ctx.sent()).toEqual([]);
	});
});

describe('numbers, switches and dropdowns given as text by an expression', () => {
	it('"12" is 12 points; "+12" and "0x0c" are refused', async () => {
		const assign = (points: string) => ({ resource: 'rewardAssignment', operation: 'create', rewardId: FIXTURES.rewardIds[5], campaign: FIXTURES.campaignId, points });
		const { error } = await ctx.run(assign('={{ "12" }}'));
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toMatchObject({ parameters: { loyalty: { points: 12 } } });
		for (const bad of ['={{ "+12" }}', '={{ "0x0c" }}', '={{ "12.0" }}', '={{ 9007199254740993 }}']) {
			ctx.emu.control.clearRequests();
			const refused = await ctx.run(assign(bad));
			expect(refused.error?.message).toMatch(/^Points: must be a whole number of at least 1/);
			expect(ctx.sent()).toEqual([]);
		}
	});

	it('a price of "12.50" is 1250; "12.505" and "1e3" are refused', async () => {
		const create = (price: string) => ({ resource: 'sku', operation: 'create', productId: FIXTURES.productId, additionalFields: { sku: 'Typed', price } });
		expect((await ctx.run(create('={{ "12.50" }}'))).error).toBeUndefined();
		expect(ctx.sent()[0].body).toMatchObject({ price: 1250 });
		ctx.emu.control.clearRequests();
		expect((await ctx.run(create('={{ 12.3 * 3 }}'))).error).toBeUndefined();
		expect(ctx.sent()[0].body).toMatchObject({ price: 3690 });
		expect((await ctx.run(create('={{ "12.505" }}'))).error?.message).toMatch(/^Price: has more than two decimal places/);
		expect((await ctx.run(create('={{ "1e3" }}'))).error?.message).toMatch(/^Price: must be a number, e\.g\. 12\.5 \(got "1e3"; write it in plain decimal digits\)/);
	});

	it('a switch given "false" sends false; "no" is refused', async () => {
		const update = (allowNegative: string) =>
			({ resource: 'cardDefinition', operation: 'update', cardDefinitionId: FIXTURES.cardDefinitionDraft, updateFields: { allowNegative } }) as INodeParameters;
		expect((await ctx.run(update('={{ "false" }}'))).error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ balance_settings: { allow_negative: false } });
		const refused = await ctx.run(update('={{ "no" }}'));
		expect(refused.error?.message).toBe('Allow Negative Balance: must be true or false (got "no")');
	});

	it('a dropdown value from an expression is used when it is in the list, and refused naming the allowed values otherwise', async () => {
		const list = (order: string) => ({ resource: 'customer', operation: 'getManyActivities', customerId: FIXTURES.customerId, limit: 1, filters: { order } });
		expect((await ctx.run(list('={{ "-code" }}'))).error).toBeUndefined();
		expect(ctx.sent()[0].query).toMatchObject({ order: '-code' });
		const refused = await ctx.run(list('={{ "newest" }}'));
		expect(refused.error?.message).toBe(
			'Order: must be one of "campaign", "-campaign", "category", "-category", "code", "-code", "created_at", "-created_at", "type", "-type", "updated_at", "-updated_at" (got "newest")',
		);
	});

	it('a text field given a number sends its decimal text; a list is refused, not sent as "c-1,c-2"', async () => {
		const track = (customerSourceId: string) => ({ resource: 'event', operation: 'track', eventName: FIXTURES.customEventName, customerSourceId });
		expect((await ctx.run(track('={{ 12345 }}'))).error).toBeUndefined();
		expect(ctx.sent()[0].body).toMatchObject({ customer: { source_id: '12345' } });
		ctx.emu.control.clearRequests();
		const refused = await ctx.run(track('={{ ["c-1", "c-2"] }}'));
		expect(refused.error?.message).toBe('Customer Source ID: must be text, not a list (check the expression that fills it)');
		expect(ctx.sent()).toEqual([]);
	});
});
