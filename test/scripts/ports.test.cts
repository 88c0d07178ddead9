import { createServer, Server } from 'net';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

/**
 * test/e2e/ports.js, the ports every n8n, task broker, Redis and PostgreSQL of the real-n8n suites listens on: they
 * come from below the kernel's ephemeral range (where outgoing connections and listen(0) never land, so nothing
 * takes them while n8n starts), each jest worker from its own slice, never the same twice in a row.
 */
const ports = require('../e2e/ports.js');

function hold(port: number): Promise<Server> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => resolve(server));
	});
}
const close = (server: Server) => new Promise((r) => server.close(r));

/** A fresh copy of the module: its own cursor, as a new process has. */
function fresh(): typeof ports {
	let copy: typeof ports;
	jest.isolateModules(() => {
		copy = require('../e2e/ports.js');
	});
	return copy!;
}

describe('the ephemeral range', () => {
	let dir: string;
	beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'lp-ports-'))));
	afterAll(() => rmSync(dir, { recursive: true, force: true }));

	it("is read from the kernel's file, and Linux's default stands in for an unreadable or malformed one", () => {
		const file = join(dir, 'range');
		writeFileSync(file, '40000\t50000\n');
		expect(ports.ephemeralRange(file)).toEqual([40000, 50000]);
		writeFileSync(file, 'garbage');
		expect(ports.ephemeralRange(file)).toEqual([32768, 60999]);
		expect(ports.ephemeralRange(join(dir, 'missing'))).toEqual([32768, 60999]);
	});
});

describe('slices', () => {
	it('lie wholly below the ephemeral range and above the privileged ports, one per worker, none overlapping', () => {
		const range: [number, number] = [32768, 60999];
		const slices = Array.from({ length: 16 }, (_, worker) => ports.sliceFor(worker, range, '0'));
		for (const [i, slice] of slices.entries()) {
			expect(slice.first).toBeGreaterThanOrEqual(1024);
			expect(slice.last).toBeLessThan(range[0]);
			for (const other of slices.slice(i + 1)) expect(other.first > slice.last || other.last < slice.first).toBe(true);
		}
		// the jest parent (no worker id) shares slice 0 with worker 16, not with workers 1 and 2
		expect(ports.sliceFor(undefined, range, '0')).toEqual(slices[0]);
		expect(ports.sliceFor('16', range, '0')).toEqual(slices[0]);
	});

	it('of a jest run beside another (LP_PORT_SLICE_BASE 8) are not those of the first run\'s workers and parent', () => {
		const range: [number, number] = [32768, 60999];
		const first = ['0', '1', '2', '3'].map((worker) => ports.sliceFor(worker, range, '0'));
		const beside = ['0', '1', '2', '3'].map((worker) => ports.sliceFor(worker, range, '8'));
		for (const slice of beside) expect(first).not.toContainEqual(slice);
		expect(beside[0]).toEqual(ports.sliceFor(8, range, '0'));
	});

	it('are not offered when the ephemeral range starts too low to leave room for them', () => {
		expect(ports.sliceFor(1, [10000, 60999])).toBeNull();
	});
});

describe('freePorts', () => {
	const range = ports.ephemeralRange();

	it("gives consecutive free ports from the worker's slice, and a port it gave is not given again in a row", async () => {
		const worker = fresh();
		const slice = ports.sliceFor(3, range, process.env.LP_PORT_SLICE_BASE)!;
		const seen = new Set<number>();
		for (let i = 0; i < 20; i++) {
			const p = await worker.freePorts(2, '3');
			expect(p).toBeGreaterThanOrEqual(slice.first);
			expect(p + 1).toBeLessThanOrEqual(slice.last);
			expect(seen.has(p) || seen.has(p + 1)).toBe(false);
			seen.add(p).add(p + 1);
			const held = [await hold(p), await hold(p + 1)]; // both bindable
			await Promise.all(held.map(close));
		}
	});

	it('passes over a port another process holds, for either of the pair', async () => {
		const worker = fresh();
		const first = await worker.freePorts(1, '4'); // where its random cursor starts: pairs from first + 1 on
		// the next pair's second port, and the pair after it's first
		const held = [await hold(first + 2), await hold(first + 3)];
		try {
			for (let i = 0; i < 10; i++) {
				const p = await worker.freePorts(2, '4');
				expect([p, p + 1]).not.toContain(first + 2);
				expect([p, p + 1]).not.toContain(first + 3);
			}
		} finally {
			await Promise.all(held.map(close));
		}
	});

	it("without a band below the ephemeral range, gives listen(0)'s ports, still a free consecutive pair", async () => {
		const p = await ports.ephemeralPorts(2);
		expect(p).toBeGreaterThanOrEqual(range[0]);
		const held = [await hold(p), await hold(p + 1)];
		await Promise.all(held.map(close));
	});
});
