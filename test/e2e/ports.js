'use strict';
/**
 * Ports for the processes the tests start (n8n, its task brokers, Redis, PostgreSQL).
 *
 * A port found free with listen(0) comes from the kernel's ephemeral range, the same range every outgoing
 * connection and every other listen(0) draws from: in the seconds n8n takes to bind it (its task broker on
 * port + 1 binds later still) an HTTP client's connection or another test's server could take it, and n8n then
 * exits ("n8n Task Broker's port … is already in use"). These ports come from below that range, where neither
 * lands; each jest worker draws from a slice of its own (two jest runs side by side: LP_PORT_SLICE_BASE), in order,
 * so two test files never pick the same port, and a port is handed out again only after its slice has gone round.
 */
const fs = require('fs');
const net = require('net');

const SLICES = 16;
const SLICE_SIZE = 1000;

/** The kernel's ephemeral range, [low, high]; Linux's default when it cannot be read. */
function ephemeralRange(file = '/proc/sys/net/ipv4/ip_local_port_range') {
	try {
		const [low, high] = fs.readFileSync(file, 'utf8').trim().split(/\s+/).map(Number);
		if (Number.isInteger(low) && Number.isInteger(high) && low > 0 && high >= low) return [low, high];
	} catch {
		/* not Linux */
	}
	return [32768, 60999];
}

/**
 * The ports worker `worker` draws from: slice ((base + worker) mod 16) of the band just below the ephemeral range,
 * where base is LP_PORT_SLICE_BASE (scripts/test.js gives a jest run beside another its own, so that the two runs'
 * workers 1, 2, … draw from different slices); null when the range starts too low to leave a band above the
 * privileged ports.
 * @returns {{first: number, last: number} | null}
 */
function sliceFor(worker, [low] = ephemeralRange(), base = process.env.LP_PORT_SLICE_BASE) {
	const bandFirst = low - SLICES * SLICE_SIZE;
	if (bandFirst < 1024) return null;
	const first = bandFirst + (((Number(base) || 0) + (Number(worker) || 0)) % SLICES) * SLICE_SIZE;
	return { first, last: first + SLICE_SIZE - 1 };
}

function listenOnce(port) {
	return new Promise((resolve) => {
		const s = net.createServer();
		s.once('error', () => resolve(null));
		s.listen(port, '127.0.0.1', () => {
			const got = s.address().port;
			s.close(() => resolve(got));
		});
	});
}

// per process: where this worker's next draw starts (a random start, so processes sharing a slice, the jest
// parent and a script run beside it, seldom walk the same ports at the same time)
let cursor = null;

/**
 * `count` consecutive free ports on 127.0.0.1 (p, p + 1, …) from `worker`'s slice; resolves p. Without a usable
 * band, listen(0)'s.
 * @param {number} [count]
 * @param {string|number} [worker] default this jest worker's id
 */
async function freePorts(count = 1, worker = process.env.JEST_WORKER_ID) {
	const slice = sliceFor(worker);
	if (!slice) return ephemeralPorts(count);
	const size = slice.last - slice.first + 1;
	if (cursor === null) cursor = Math.floor(Math.random() * size);
	for (let tried = 0; tried < size; tried++) {
		const p = slice.first + (cursor % size);
		cursor = (cursor + count) % size;
		if (p + count - 1 > slice.last) continue;
		let free = true;
		for (let i = 0; i < count && free; i++) free = (await listenOnce(p + i)) !== null;
		if (free) return p;
	}
	throw new Error(`ports: no ${count} free consecutive ports in ${slice.first}–${slice.last}`);
}

async function ephemeralPorts(count) {
	for (let i = 0; i < 50; i++) {
		const p = await listenOnce(0);
		let free = p !== null && p + count - 1 < 65536;
		for (let k = 1; k < count && free; k++) free = (await listenOnce(p + k)) !== null;
		if (free) return p;
	}
	throw new Error(`ports: no ${count} free consecutive ports found`);
}

/** A port p such that p and p + 1 (n8n's task broker) are both free. */
const freePort = () => freePorts(2);

module.exports = { freePort, freePorts, ephemeralPorts, sliceFor, ephemeralRange };
