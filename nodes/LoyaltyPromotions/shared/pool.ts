/** How many requests an execution keeps in flight at once (the Concurrency option): its default and maximum. */
export const DEFAULT_CONCURRENCY = 5;
export const MAX_CONCURRENCY = 20;

/** Runs `work(i)` for i in [0, count) with at most `limit` in flight; stops taking new work once one throws. */
export async function runPool(count: number, limit: number, work: (index: number) => Promise<void>): Promise<void> {
	let next = 0;
	let firstError: unknown;
	const worker = async () => {
		while (firstError === undefined && next < count) {
			const index = next++;
			try {
				await work(index);
			} catch (error) {
				firstError ??= error;
			}
		}
	};
	await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, count)) }, worker));
	if (firstError !== undefined) throw firstError;
}
