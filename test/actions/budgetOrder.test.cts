import { walk, windowAt, type BudgetWrite } from '../../nodes/LoyaltyPromotions/shared/budgetOrder';

/**
 * The walk every call makes over the same history: the service's order (created_at, then ID) whatever order the
 * list came in, the writes that fit by those before them that fit, and an undo the node wrote counting nothing.
 */

const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 10, 0, second)).toISOString();
const write = (id: string, second: number, size: number, undoes?: string): BudgetWrite => ({ id, at: at(second), size, ...(undoes ? { undoes } : {}) });

it('the same verdicts whatever order the history was listed in: by created_at, then ID', () => {
	const writes = [write('b', 1, 600), write('a', 1, 600), write('c', 0, 600)];
	const expected = { within: new Set(['c', 'a']), used: 1_200 };
	for (const listed of [writes, [...writes].reverse(), [writes[1], writes[2], writes[0]]]) expect(walk(listed, 1_500)).toMatchObject(expected);
});

it('a write past the budget counts nothing, so a smaller one after it still fits', () => {
	const { within, used, usedBefore } = walk([write('a', 0, 1_000), write('b', 1, 1_000), write('c', 2, 500)], 1_500);
	expect([...within]).toEqual(['a', 'c']);
	expect(used).toBe(1_500);
	expect(usedBefore.get('b')).toBe(1_000);
});

it("an undo of a write past the budget counts nothing; one naming a write within it (not the node's) counts as a write", () => {
	expect(walk([write('a', 0, 1_000), write('b', 1, 1_000), write('u', 2, 1_000, 'b'), write('c', 3, 500)], 1_500).within).toEqual(new Set(['a', 'c']));
	// u names a write within the budget: a write of 1,000 past it, so c's 500 still fits
	expect(walk([write('a', 0, 1_000), write('u', 2, 1_000, 'a'), write('c', 3, 500)], 1_500).within).toEqual(new Set(['a', 'c']));
	// a second undo of the same write is a write
	expect(walk([write('a', 0, 1_000), write('b', 1, 1_000), write('u', 2, 1_000, 'b'), write('v', 3, 500, 'b')], 1_500).within).toEqual(new Set(['a', 'v']));
});

it('fixed windows: periods of the hours from 1970-01-01 00:00 UTC, the same for every moment within one', () => {
	const day = windowAt(Date.parse('2026-03-04T17:30:00Z'), 24);
	expect(new Date(day.start).toISOString()).toBe('2026-03-04T00:00:00.000Z');
	expect(new Date(day.end).toISOString()).toBe('2026-03-05T00:00:00.000Z');
	expect(windowAt(Date.parse('2026-03-04T00:00:00Z'), 24)).toEqual(day);
	expect(new Date(windowAt(Date.parse('2026-03-04T17:30:00Z'), 6).start).toISOString()).toBe('2026-03-04T12:00:00.000Z');
	// 5 h does not divide a day: counted from 1970, 2026-03-04's periods start at 01:00, 06:00, 11:00, 16:00, 21:00
	expect(new Date(windowAt(Date.parse('2026-03-04T17:30:00Z'), 5).start).toISOString()).toBe('2026-03-04T16:00:00.000Z');
});
