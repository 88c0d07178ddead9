/** What the v1 action tests share: one emulator per file, a runner, the request log without noise. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { startEmulator, type RunningEmulator } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { runNode, type RunNodeResult } from '../../harness/runWorkflow.cjs';

/** Node parameters as the tests write them (plain objects; n8n's INodeParameters is stricter). */
export type Parameters = Record<string, unknown>;

export interface V1Context {
	emu: RunningEmulator;
	/** Runs the action node against this file's emulator. */
	run(parameters: Parameters, options?: { input?: IDataObject[]; continueOnFail?: boolean }): Promise<RunNodeResult>;
	/** The API requests the emulator saw since the last test, as { method, path, query, body }. */
	sent(): Array<{ method: string; path: string; query: IDataObject; body: unknown }>;
	/** Runs the node expecting a validation error naming `field` and matching `rule`, with nothing sent. */
	expectInvalid(parameters: Parameters, field: string, rule: RegExp): Promise<void>;
}

export function useEmulator(): V1Context {
	const context = {} as V1Context;
	beforeAll(async () => {
		context.emu = await startEmulator({ port: 0, quiet: true });
	});
	afterAll(async () => {
		await context.emu.stop();
	});
	beforeEach(() => {
		context.emu.control.clearRequests();
		context.emu.control.setFaults(null);
	});
	context.run = (parameters, options = {}) =>
		runNode({ parameters: parameters as INodeParameters, credentials: credentialsFor(context.emu), ...options });
	context.sent = () =>
		context.emu.control.requests().map(({ method, path, query, body }) => ({ method, path, query, body }));
	context.expectInvalid = async (parameters, field, rule) => {
		const { error, items } = await context.run(parameters);
		expect(items).toEqual([]);
		expect(error?.message.startsWith(`${field}: `)).toBe(true);
		expect(error?.message).toMatch(rule);
		expect(context.emu.control.requests()).toEqual([]);
	};
	return context;
}

/** The n8n error's service part: key, resource id… (the router puts it in the error's context). */
export function serviceErrorOf(result: RunNodeResult): IDataObject {
	return (result.error?.context?.serviceError ?? {}) as IDataObject;
}
