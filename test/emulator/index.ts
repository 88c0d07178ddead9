/** Local emulator of the Loyalty and Promotions Service API. See README.md. */
import { makeControl } from './control';
import { Emulator } from './server';
import type { EmulatorOptions, RunningEmulator } from './types';

export * from './types';
export { DEFAULT_CREDENTIALS, FIXTURES, fixtureCounts } from './fixtures';
export { ADDED_SPELLINGS, EVENT_KINDS, EVENT_GROUPS, isEventKind } from './events';
export { sign } from './deliveries';
export { SCOPES } from './routes/auth';
export type { Store } from './state';

/** Start an emulator (port 0 picks a free port). */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
	const emu = new Emulator(options);
	await emu.listen();
	let stopped: Promise<void> | undefined;
	return {
		baseUrl: emu.baseUrl,
		port: emu.port,
		credentials: emu.creds,
		control: makeControl(emu),
		stop: () => (stopped ??= emu.stop()),
	};
}
