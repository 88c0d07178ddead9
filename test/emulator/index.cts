/** Local emulator of the Loyalty and Promotions Service API. See README.md. */
import { makeControl } from './control.cjs';
import { Emulator } from './server.cjs';
import type { EmulatorOptions, RunningEmulator } from './types.cjs';

export * from './types.cjs';
export { DEFAULT_CREDENTIALS, FIXTURES, fixtureCounts } from './fixtures.cjs';
export { ADDED_SPELLINGS, EVENT_KINDS, EVENT_GROUPS, isEventKind } from './events.cjs';
export { sign } from './deliveries.cjs';
export { SCOPES } from './routes/auth.cjs';
export type { Store } from './state.cjs';

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
