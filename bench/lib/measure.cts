import * as v8 from 'v8';
import * as vm from 'vm';

v8.setFlagsFromString('--expose-gc');
const gcFn = (globalThis as { gc?: () => void }).gc ?? (vm.runInNewContext('gc') as () => void);

/** A full collection (twice, so that finalizers' garbage goes too). */
export function gc(): void {
	gcFn();
	gcFn();
}

export function now(): bigint {
	return process.hrtime.bigint();
}

export function msSince(start: bigint): number {
	return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Samples heapUsed and RSS every `intervalMs` while running; reports peaks above the baseline taken at start. */
export class MemorySampler {
	private timer?: NodeJS.Timeout;

	readonly baseHeap: number;

	readonly baseRss: number;

	peakHeap: number;

	peakRss: number;

	constructor(private readonly intervalMs = 5) {
		gc();
		const usage = process.memoryUsage();
		this.baseHeap = usage.heapUsed;
		this.baseRss = usage.rss;
		this.peakHeap = usage.heapUsed;
		this.peakRss = usage.rss;
	}

	start(): this {
		this.timer = setInterval(() => this.sample(), this.intervalMs);
		return this;
	}

	sample(): void {
		const usage = process.memoryUsage();
		if (usage.heapUsed > this.peakHeap) this.peakHeap = usage.heapUsed;
		if (usage.rss > this.peakRss) this.peakRss = usage.rss;
	}

	stop(): { peakHeapDelta: number; peakRssDelta: number } {
		this.sample();
		if (this.timer) clearInterval(this.timer);
		return { peakHeapDelta: this.peakHeap - this.baseHeap, peakRssDelta: this.peakRss - this.baseRss };
	}
}

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
