/**
 * `npm run emulator -- --port 4010 [--host 127.0.0.1] [--seed N] [--latency MS] [--token-lifetime S]`
 * Prints one JSON line with the base URL and the seeded credentials, then serves until SIGINT / SIGTERM.
 */
import { startEmulator } from './index.cjs';
import { isLoopback } from './server.cjs';
import type { EmulatorOptions } from './types.cjs';

function parseArgs(argv: string[]): EmulatorOptions {
	const opts: EmulatorOptions = { quiet: true };
	const num = (flag: string, v: string | undefined): number => {
		const n = Number(v);
		if (v === undefined || !Number.isFinite(n) || n < 0) throw new Error(`${flag} needs a non-negative number`);
		return n;
	};
	for (let i = 0; i < argv.length; i++) {
		const [flag, inline] = argv[i].split('=', 2);
		const value = () => inline ?? argv[++i];
		switch (flag) {
			case '--port': opts.port = num(flag, value()); break;
			case '--host': opts.host = value(); break;
			case '--seed': opts.seed = Math.max(1, num(flag, value())); break;
			case '--latency': opts.latencyMs = num(flag, value()); break;
			case '--token-lifetime': opts.tokenLifetimeSeconds = num(flag, value()); break;
			case '--webhook-secret': opts.webhookSecret = value(); break;
			case '--no-request-log': opts.requestLog = false; break;
			case '--current-contract-only': opts.acceptSeedShapes = false; break;
			case '--verbose': opts.quiet = false; break;
			case '--help':
				process.stdout.write('Usage: npm run emulator -- [--port 4010] [--host 127.0.0.1] [--seed N] [--latency MS] [--token-lifetime S] [--webhook-secret S] [--no-request-log] [--current-contract-only]\n');
				process.exit(0);
				break;
			default:
				throw new Error(`Unknown option ${argv[i]}`);
		}
	}
	if (opts.host && !isLoopback(opts.host)) throw new Error(`--host must be a loopback address (got ${opts.host})`);
	return opts;
}

async function main(): Promise<void> {
	let opts: EmulatorOptions;
	try {
		opts = parseArgs(process.argv.slice(2));
	} catch (e) {
		process.stderr.write(`emulator: ${(e as Error).message}\n`);
		process.exit(2);
	}
	let emu: Awaited<ReturnType<typeof startEmulator>> | undefined;
	let stopping = false;
	const stop = (signal: string) => {
		if (stopping) return;
		stopping = true;
		void (emu ? emu.stop() : Promise.resolve()).then(() => {
			process.stderr.write(`emulator: stopped (${signal})\n`);
			process.exit(0);
		});
	};
	// Handlers first: the JSON line may reach a parent (which may signal at once) before the next statement runs.
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
	emu = await startEmulator({ port: 4010, ...opts });
	if (stopping) {
		await emu.stop();
		return;
	}
	process.stdout.write(JSON.stringify({ baseUrl: emu.baseUrl, ...emu.credentials }) + '\n');
}

main().catch((e) => {
	process.stderr.write(`emulator: ${(e as Error).message}\n`);
	process.exit(1);
});
