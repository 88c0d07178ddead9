/**
 * Shared setup for the foundation tests: an emulator per file and a tiny node type ("transport probe") whose
 * execute() builds the package's real Transport on n8n-core's real execution context and sends one
 * ServiceRequest (or walks one list) per input item, as the action node's router does.
 */
import {
	NodeConnectionTypes,
	sleep,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';
import { errorItem } from '../../nodes/LoyaltyPromotions/shared/errorItem';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../emulator/index.cjs';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import { runNode, type RunNodeResult } from '../harness/runWorkflow.cjs';
import { ANY_PACKAGE_CREDENTIAL } from '../harness/testNodes.cjs';
import { TestCredentialsHelper } from '../harness/credentialsHelper.cjs';
import { registerNodeType } from '../harness/types.cjs';
import { fetchList, type ListSpec } from '../../nodes/LoyaltyPromotions/transport/paginate';
import {
	Transport,
	type CredentialType,
	type ServiceRequest,
	type TransportOptions,
} from '../../nodes/LoyaltyPromotions/transport/request';

export const PROBE_NODE_TYPE = 'test.transportProbe';

/** What one input item asks the probe to do (node parameters give defaults, item json overrides them). */
export interface ProbeJob {
	credentialType?: CredentialType;
	request: ServiceRequest;
	/** When set, the request is walked as a list with fetchList. */
	list?: ListSpec;
	returnAll?: boolean;
	limit?: number;
	transportOptions?: TransportOptions;
	/** Waits this long before the request (e.g. to outlive a short token lifetime). */
	pauseMs?: number;
}


/** Every error the transport threw inside the probe, as thrown (before n8n stores it in the run). */
export const thrownErrors: unknown[] = [];

export class TransportProbe implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Transport Probe',
		name: 'transportProbe',
		group: ['transform'],
		version: 1,
		description: 'Sends ServiceRequests through the package transport',
		defaults: { name: 'Transport Probe' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: ANY_PACKAGE_CREDENTIAL,
		properties: [{ displayName: 'Job', name: 'job', type: 'json', default: '{}' }],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const transports = new Map<string, Transport>();
		const out: INodeExecutionData[] = [];
		for (let i = 0; i < items.length; i++) {
			const raw = this.getNodeParameter('job', i) as string | IDataObject;
			const defaults = (typeof raw === 'string' ? JSON.parse(raw || '{}') : raw) as Partial<ProbeJob>;
			const job = { ...defaults, ...(items[i].json as Partial<ProbeJob>) } as ProbeJob;
			const credentialType = job.credentialType ?? 'loyaltyPromotionsAppApi';
			let transport = transports.get(credentialType);
			if (!transport) {
				transport = new Transport(this, credentialType, undefined, job.transportOptions ?? { backoffBaseMs: 5 });
				transports.set(credentialType, transport);
			}
			if (job.pauseMs) await sleep(job.pauseMs);
			try {
				if (job.list) {
					const entries = await fetchList(
						transport,
						job.request,
						job.list,
						{ returnAll: job.returnAll ?? false, limit: job.limit ?? 50 },
						i,
					);
					for (const json of entries) out.push({ json, pairedItem: { item: i } });
				} else {
					const response = await transport.request<IDataObject>(job.request, i);
					out.push({ json: response && typeof response === 'object' ? response : { success: true }, pairedItem: { item: i } });
				}
			} catch (error) {
				thrownErrors.push(error);
				if (this.continueOnFail()) {
					out.push(errorItem(error, i));
					continue;
				}
				throw error;
			}
		}
		return [out];
	}
}

registerNodeType(PROBE_NODE_TYPE, new TransportProbe());

/** A probe item that calls the emulator's control API through the transport (it ignores auth and is not logged). */
export function controlCall(path: string, body?: IDataObject): ProbeJob & IDataObject {
	return { request: { method: 'POST', path: `/_emulator${path}`, noContent: true, ...(body ? { body } : {}) }, control: true };
}

export type Credentials = ReturnType<typeof credentialsFor>;

export interface FoundationEnv {
	emu: RunningEmulator;
	creds: Credentials;
	/** Runs the probe with one input item per job (or the jobs' common defaults and plain items). */
	probe(
		jobs: ProbeJob[] | { defaults: ProbeJob; items: IDataObject[] },
		options?: { credentials?: Record<string, ICredentialDataDecryptedObject> | TestCredentialsHelper; continueOnFail?: boolean },
	): Promise<RunNodeResult>;
}

export async function setupEmulator(options: EmulatorOptions = {}): Promise<FoundationEnv> {
	const emu = await startEmulator({ port: 0, quiet: true, ...options });
	const creds = credentialsFor(emu);
	return {
		emu,
		creds,
		probe: (jobs, runOptions = {}) => {
			const [defaults, input] = Array.isArray(jobs)
				? [{}, jobs as unknown as IDataObject[]]
				: [jobs.defaults, jobs.items];
			return runNode({
				nodeType: PROBE_NODE_TYPE,
				parameters: { job: JSON.stringify(defaults) },
				input,
				credentials: runOptions.credentials ?? (creds as unknown as Record<string, ICredentialDataDecryptedObject>),
				continueOnFail: runOptions.continueOnFail,
			});
		},
	};
}

/** Every credential value an output must never contain. */
export function secretsOf(emu: RunningEmulator, extra: string[] = []): string[] {
	const { appToken, managementToken, webhookSecret } = emu.credentials;
	const issued = [...emu.control.state.tokens.keys()];
	return [appToken, managementToken, webhookSecret, ...issued, ...extra].filter((s) => s && s.length >= 6);
}
