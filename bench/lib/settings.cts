/**
 * The in-process benchmark's sizes and emulated limits, in three modes: the default (the figures
 * docs/performance.md quotes), `--quick` (smaller), and `--smoke` (every scenario once at a tiny size, with the
 * per-minute limits scaled to a one-second window, to check that each runs and reports its figures, not how fast:
 * test/bench/smoke.test.cts). Options given on the command line win over every mode.
 */
import * as path from 'path';
import { FIXTURES } from '../../test/emulator/fixtures.cjs';
import { flag, numberOption, numbersOption, option, outDir } from './args.cjs';

export const SMOKE = flag('smoke');
export const QUICK = flag('quick') && !SMOKE;
export const MODE = SMOKE ? 'smoke' : QUICK ? 'quick' : 'full';
const by = <T,>(full: T, quick: T, smoke: T): T => (SMOKE ? smoke : QUICK ? quick : full);

export const LATENCY = numberOption('latency', by(20, 20, 5), true);
export const ONLY = new Set((option('only') ?? '1,2,3,4,5,6,7,8').split(',').map((s) => Number(s.trim())));
/** A smoke run never writes over bench/results.json and summary.md: without --out, a fresh temporary directory. */
export const OUT_DIR = outDir('lp-bench-smoke-', path.join(__dirname, '..'));
export const CONCURRENCY = 8;
/** The emulator's seed: LC-MANY-ACTIVITY has 1,000 × seed + 25 activity entries (scenario 5). */
export const SEED = by(100, 10, 1);
export const ACTIVITY_MEMBER = FIXTURES.memberWithManyActivities;
export const PRODUCT_ID = FIXTURES.productId;

/** SKUs a warm-up sends before the scenarios: at 0 ms, then at the set latency. */
export const WARM_UP = by([300, 100], [300, 100], [20, 10]);
/** Scenarios 1–2: the SKU upserts compared (each size a row), and the repetitions a comparison's median takes. */
export const SIZES = by([2000, 10_000], [500, 2000], [100]);
export const repetitions = (full: number): number => (SMOKE ? 1 : full);
/** Scenario 3: the items run at Concurrency 1. */
export const C1_ITEMS = by(500, 200, 20);
/** Scenario 4: the limit per second, and the items sent under it (at least 3 windows, for one whole in the middle). */
export const RATE_N = numberOption('rate', by(50, 50, 20));
export const RATE_ITEMS = by(12, 4, 4) * RATE_N;

/**
 * Scenarios 6–8: the service's limits per window (the first for scenario 6, and measured whole in 7 and 8; the
 * others sampled and extrapolated), and the window: a minute, as the service counts, unless --window-ms says.
 */
export const WINDOW_MS = numberOption('window-ms', by(60_000, 60_000, 1000));
export const LIMITS = numbersOption('limits', by([2000, 100], [2000, 100], [40, 10]));
/** A limit as the rows name it: '2000/min', or '40/1000 ms' for another window. */
export const limitLabel = (limit: number | string): string => (WINDOW_MS === 60_000 ? `${limit}/min` : `${limit}/${WINDOW_MS} ms`);
/** Minutes that `requests` take at `perWindow` requests a window. */
export const minutesAt = (requests: number, perWindow: number): number => ((requests / perWindow) * WINDOW_MS) / 60_000;
/** The emulator's async actions: their fixed time, and the rows a second it processes (an assumption). */
export const ASYNC_BASE_MS = by(100, 100, 20);
export const IMPORT_ROWS_PER_SECOND = numberOption('import-rows-per-second', 2000);

/** Scenario 6: SKUs imported, and the per-item sample run under the same limit. */
export const IMPORT_SKUS = numberOption('import-skus', by(100_000, 20_000, 200));
export const IMPORT_SAMPLE = by(2 * LIMITS[0] + 500, LIMITS[0] + 500, LIMITS[0] + 10);
/** Scenario 7: customers whose metadata is synced; under a lower limit the bulk run is measured on a sample. */
export const SYNC_CUSTOMERS = numberOption('sync-customers', by(100_000, 20_000, 200));
export const SYNC_LOW_LIMIT_SAMPLE = numberOption('sync-low-sample', by(10_000, 5000, 100));
/** Scenario 7's per-item sample under a lower limit: two windows' worth and these. */
export const LOW_LIMIT_SAMPLE_EXTRA = by(50, 50, 0);
/** Scenario 8: customers with their own metadata, and every how many the service refuses one. */
export const CRM_CUSTOMERS = numberOption('crm-customers', by(100_000, 20_000, 200));
export const REFUSE_EVERY = by(10_000, 10_000, 100);
