import type { IDataObject } from 'n8n-workflow';
import { FIXTURES } from '../emulator/index.cjs';
import { useEmulator } from './v2/helpers.cjs';

/**
 * Date-only fields (the service documents them as YYYY-MM-DD) keep the calendar date the user chose, in time
 * zones east of UTC too: a birthdate or a points expiration date never becomes the previous day's UTC timestamp.
 */

const ctx = useEmulator();
const EAST = ['Asia/Tokyo', 'Europe/Warsaw', 'Pacific/Kiritimati'];

describe.each(EAST)('in a workflow on %s', (timezone) => {
	it("Customer birthdate from the date picker stays the chosen date", async () => {
		const { error } = await ctx.run(
			{ resource: 'customer', operation: 'upsert', sourceId: `born-${timezone}`, additionalFields: { birthdate: '1990-04-30T00:00:00' } },
			{ timezone },
		);
		expect(error).toBeUndefined();
		expect((ctx.sent()[0].body as IDataObject).birthdate).toBe('1990-04-30');
	});

	it('Loyalty Member Adjust Points: the custom expiration date is sent as that date', async () => {
		const { error } = await ctx.run(
			{
				resource: 'loyaltyMember',
				operation: 'adjustPoints',
				memberId: FIXTURES.memberWithPendingPoints,
				points: 10,
				additionalFields: { expirationType: 'CUSTOM_DATE', expirationDate: '2030-12-31T00:00:00' },
			},
			{ timezone },
		);
		expect(error).toBeUndefined();
		expect((ctx.sent()[0].body as IDataObject).expiration_date).toBe('2030-12-31');
	});

	it('a date from an expression ($now-like Luxon or a Date) is the date in the workflow time zone', async () => {
		// 2030-12-31 00:30 in the zone is still 2030-12-30 in UTC.
		const { error } = await ctx.run(
			{
				resource: 'customer',
				operation: 'upsert',
				sourceId: `born-expr-${timezone}`,
				additionalFields: { birthdate: `={{ DateTime.fromISO('2030-12-31T00:30:00', { zone: '${timezone}' }) }}` },
			},
			{ timezone },
		);
		expect(error).toBeUndefined();
		expect((ctx.sent()[0].body as IDataObject).birthdate).toBe('2030-12-31');
	});
});
