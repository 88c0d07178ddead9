import { fail, shown, type FieldContext } from './fail';
import { requireScalarText } from './text';

/** Dates: ISO 8601 date-times sent as UTC timestamps, calendar dates, in the workflow's time zone. */

/**
 * A date-time parameter sent as an ISO 8601 UTC timestamp. Only ISO 8601 is read (see requireIsoDateTime): a
 * date alone or a date-time without an offset is in the workflow's time zone, as n8n's date picker means it.
 */
export function requireDateTime(params: FieldContext, field: string, value: unknown): string {
	return requireIsoDateTime(params, field, value);
}

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** Milliseconds since the epoch of a wall-clock time in UTC, for any 4-digit year. */
function utcMillis(year: number, month: number, day: number, hour: number, minute: number, second: number, ms: number): number {
	const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second, ms));
	date.setUTCFullYear(year, month - 1, day);
	return date.getTime();
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant` (ms); 0 for an unknown zone. */
function zoneOffsetMs(timeZone: string, instant: number): number {
	let parts: Intl.DateTimeFormatPart[];
	try {
		parts = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: 'numeric',
			day: 'numeric',
			hour: 'numeric',
			minute: 'numeric',
			second: 'numeric',
		}).formatToParts(new Date(instant));
	} catch {
		return 0;
	}
	const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
	const wall = utcMillis(part('year'), part('month'), part('day'), part('hour'), part('minute'), part('second'), 0);
	return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant of a wall-clock time in `timeZone`. A time that a clock change skips (02:30 when clocks jump from
 * 02:00 to 03:00) moves forward with the clock (03:30); a time that occurs twice is the first occurrence.
 */
function zonedMillis(wall: number, timeZone: string): number {
	const first = wall - zoneOffsetMs(timeZone, wall);
	const offset = zoneOffsetMs(timeZone, first);
	const second = wall - offset;
	if (second === first || zoneOffsetMs(timeZone, second) === offset) return second;
	return Math.max(first, second);
}

/** The workflow's time zone (n8n's Settings → Timezone, else the instance's), or UTC outside an execution. */
function workflowTimeZone(params: FieldContext): string {
	const context = params.context as unknown as { getTimezone?: () => string } | undefined;
	return typeof context?.getTimezone === 'function' ? context.getTimezone() : 'UTC';
}

/**
 * An ISO 8601 date or date-time, sent as a UTC timestamp (2024-01-31T11:00:00.000Z). Accepted:
 * - `YYYY-MM-DDTHH:MM[:SS[.sss]]Z` or with an offset `±HH:MM`: that instant;
 * - `YYYY-MM-DDTHH:MM[:SS[.sss]]` without an offset (what n8n's date picker gives): that time in the workflow's
 *   time zone;
 * - `YYYY-MM-DD`: the start of that day (00:00) in the workflow's time zone;
 * - a Luxon DateTime (n8n's `$now`, `DateTime.fromISO(...)`) or a JavaScript Date from an expression.
 * Anything else ("01/02/2024", "1", "hello 2020", a number) is refused rather than guessed.
 */
export function requireIsoDateTime(params: FieldContext, field: string, value: unknown): string {
	const example = 'e.g. 2024-01-31T12:00:00Z, 2024-01-31T12:00:00+01:00 or 2024-01-31';
	const refuse = (): never => fail(params, field, `must be a date-time in ISO 8601 form, ${example} (got ${shown(value)})`);
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? refuse() : value.toISOString();
	if (value !== null && typeof value === 'object' && (value as { isLuxonDateTime?: unknown }).isLuxonDateTime === true) {
		const luxon = value as { isValid?: boolean; toMillis(): number };
		return luxon.isValid === false ? refuse() : new Date(luxon.toMillis()).toISOString();
	}
	if (typeof value !== 'string') return refuse();
	const match = ISO_DATE_TIME.exec(value.trim());
	if (!match) return refuse();
	const [year, month, day, hour = 0, minute = 0, second = 0] = match.slice(1, 7).map((part) => Number(part ?? 0));
	const ms = Number((match[7] ?? '').padEnd(3, '0').slice(0, 3));
	const wall = utcMillis(year, month, day, hour, minute, second, ms);
	const parsed = new Date(wall);
	const offset = match[8];
	if (month < 1 || month > 12 || parsed.getUTCDate() !== day || parsed.getUTCMonth() !== month - 1 || !isClockTime({ hour, minute, second, offset })) return refuse();
	if (offset === undefined) return new Date(zonedMillis(wall, workflowTimeZone(params))).toISOString();
	if (offset === 'Z') return new Date(wall).toISOString();
	const [offsetHours, offsetMinutes] = offset.slice(1).split(':').map(Number);
	const sign = offset.startsWith('-') ? -1 : 1;
	return new Date(wall - sign * (offsetHours * 60 + offsetMinutes) * 60_000).toISOString();
}

/**
 * A calendar date sent as YYYY-MM-DD (e.g. a birthdate, a points expiration date): text keeps its date as
 * written (n8n's date picker gives 1990-04-30T00:00:00), and a Date or Luxon DateTime from an expression gives
 * its date in the workflow's time zone, so that no date becomes the previous day east of UTC. A time joins the
 * date with `T`, as ISO 8601 and the contract's date-time write it: "1990-04-30 10:00" is refused, not guessed.
 */
export function requireDate(params: FieldContext, field: string, value: unknown): string {
	const instant =
		value instanceof Date
			? value.getTime()
			: value !== null && typeof value === 'object' && (value as { isLuxonDateTime?: unknown }).isLuxonDateTime === true
				? (value as { toMillis(): number }).toMillis()
				: undefined;
	const text = instant !== undefined && Number.isFinite(instant) ? calendarDate(instant, workflowTimeZone(params)) : requireScalarText(params, field, value).trim();
	const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$)/.exec(text);
	const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
	// A time after the date is not sent, but it is checked as Created After checks it: 25:00 is no time of that day.
	const time = match?.[4] === undefined ? undefined : { hour: Number(match[4]), minute: Number(match[5]), second: Number(match[6] ?? 0), offset: match[7] };
	if (!match || !date || date.getUTCDate() !== Number(match[3]) || date.getUTCMonth() !== Number(match[2]) - 1 || (time && !isClockTime(time))) {
		fail(params, field, `must be a date, e.g. 1990-04-30 (got "${text}")`);
	}
	return `${match[1]}-${match[2]}-${match[3]}`;
}

/** Whether a time of day (and its UTC offset, if any) exists: 00:00:00 to 23:59:59, offsets up to ±14:59. */
function isClockTime({ hour, minute, second, offset }: { hour: number; minute: number; second: number; offset?: string }): boolean {
	if (hour > 23 || minute > 59 || second > 59) return false;
	if (offset === undefined || offset === 'Z') return true;
	const [offsetHours, offsetMinutes] = offset.slice(1).split(':').map(Number);
	return offsetHours <= 14 && offsetMinutes <= 59;
}

/** The YYYY-MM-DD date of an instant in a time zone. */
function calendarDate(instant: number, timeZone: string): string {
	const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(instant));
	const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
	return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/** typeOptions of a `dateTime` property whose value the service takes as a calendar date (YYYY-MM-DD). */
export const DATE_ONLY = { dateOnly: true };
