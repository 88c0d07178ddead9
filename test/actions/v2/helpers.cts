import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { runNode, type RunNodeOptions, type RunNodeResult } from '../../harness/runWorkflow.cjs';

/** Shared by the v2 and management action tests: one emulator per file, reset before each test. */

export interface SentRequest {
	method: string;
	path: string;
	query: Record<string, string>;
	body: unknown;
}

export interface ActionTestContext {
	readonly emu: RunningEmulator;
	run(parameters: INodeParameters, options?: Omit<RunNodeOptions, 'parameters'>): Promise<RunNodeResult>;
	/** The API requests the node sent, without the OAuth token purchases. */
	sent(): SentRequest[];
	/** How many tokens the OAuth credential bought. */
	tokenRequests(): number;
	/** Runs the node expecting a validation error naming `field`, and checks that nothing reached the service. */
	expectInvalid(parameters: INodeParameters, field: string, rule: RegExp, input?: IDataObject[]): Promise<void>;
}

export function useEmulator(options: EmulatorOptions = {}): ActionTestContext {
	let emu: RunningEmulator | undefined;
	beforeAll(async () => {
		emu = await startEmulator({ port: 0, quiet: true, ...options });
	});
	afterAll(async () => {
		await emu?.stop();
	});
	beforeEach(() => {
		emu!.control.reset();
	});

	const context: ActionTestContext = {
		get emu() {
			return emu!;
		},
		run: (parameters, runOptions = {}) => runNode({ credentials: credentialsFor(emu!), ...runOptions, parameters }),
		sent: () =>
			emu!.control
				.requests()
				.filter((request) => request.path !== '/v1/oauth/token')
				.map(({ method, path, query, body }) => ({ method, path, query, body })),
		tokenRequests: () => emu!.control.requests({ method: 'POST', path: '/v1/oauth/token' }).length,
		expectInvalid: async (parameters, field, rule, input) => {
			const { error, items } = await context.run(parameters, input ? { input } : {});
			expect(items).toEqual([]);
			expect(error?.message).toMatch(new RegExp(`^${field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `));
			expect(error?.message).toMatch(rule);
			expect(error?.description).toBe('Nothing was sent to the service.');
			expect(emu!.control.requests()).toEqual([]);
		},
	};
	return context;
}
