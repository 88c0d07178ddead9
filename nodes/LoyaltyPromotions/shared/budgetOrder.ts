/**
 * The order a budget is decided in: the service's own. Every write that counts in a budget is an entry of the
 * service's history with a time (created_at) and an ID; every call reads the same entries, so every call sorts them
 * the same way (by created_at, then ID) and walks them the same way: a write is within the budget when what the
 * writes before it in the window that are within it moved, plus its own, fits. A write past the budget in that order
 * is undone by its own call at once (budgetSettle.ts), and its undo counts nothing.
 *
 * Windows are fixed periods, so that every call agrees on which writes share one: consecutive periods of the Budget
 * Window's hours counted from 1970-01-01 00:00 UTC (24 h: each UTC day; 6 h: 00:00, 06:00, …). A window that ended at each call would
 * differ between the calls, and so would their verdicts.
 */

/** One write as the history shows it: `size` is what it moves (points, purchases, hundredths). */
export interface BudgetWrite {
	id: string;
	at: string;
	size: number;
	/** For an undo the node wrote: the ID of the write it undoes (it then counts nothing). */
	undoes?: string;
}

export interface Window {
	start: number;
	end: number;
}

/** The fixed window a moment falls in. */
export function windowAt(moment: number, hours: number): Window {
	const length = hours * 3_600_000;
	const start = Math.floor(moment / length) * length;
	return { start, end: start + length };
}

export const inWindow = (window: Window, at: string): boolean => {
	const time = Date.parse(at);
	return Number.isFinite(time) && time >= window.start && time < window.end;
};

const byServiceOrder = (a: BudgetWrite, b: BudgetWrite) => Date.parse(a.at) - Date.parse(b.at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The walk's verdicts: the writes within the budget, and what they moved together. */
export interface Verdicts {
	within: Set<string>;
	used: number;
	/** Per write (not an undo): what the writes before it that fit had moved. */
	usedBefore: Map<string, number>;
}

/**
 * Walks the window's writes in the service's order: each fits or not by the writes before it that fit. An undo
 * counts nothing when it undoes a write that did not fit (the only kind the node undoes); otherwise it is a write
 * like any other.
 */
export function walk(writes: readonly BudgetWrite[], budget: number): Verdicts {
	const within = new Set<string>();
	const past = new Set<string>();
	const undone = new Set<string>();
	const usedBefore = new Map<string, number>();
	let used = 0;
	for (const write of [...writes].sort(byServiceOrder)) {
		if (write.undoes !== undefined && past.has(write.undoes) && !undone.has(write.undoes)) {
			undone.add(write.undoes);
			continue;
		}
		usedBefore.set(write.id, used);
		if (used + write.size <= budget) {
			used += write.size;
			within.add(write.id);
		} else past.add(write.id);
	}
	return { within, used, usedBefore };
}
