import { readFileSync } from 'fs';
import { join } from 'path';
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { LoyaltyPromotions } from '../../nodes/LoyaltyPromotions/LoyaltyPromotions.node';
import type { OperationDefinition } from '../../nodes/LoyaltyPromotions/actions/types';
import { PROTOTYPE_KEYS } from '../../nodes/LoyaltyPromotions/shared/own';
import { withHostileKeys } from '../emulator/faults.cjs';
import type { ScriptedAnswer } from '../emulator/scriptedAnswers.cjs';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import { defaultAuthentication, runNode } from '../harness/runWorkflow.cjs';
import { PACKAGE, registerNodeType } from '../harness/types.cjs';
import { endpointKeys, type ContractExample } from '../../scripts/contractExamples.cjs';
import { minimalParameters, OPERATIONS } from './minimal.cjs';
import { useEmulator } from './v2/helpers.cjs';

/**
 * The node survives what the service really sends: every success-answer example of the published contract
 * (contract/responseExamples.json, written by scripts/contractExamples.cts) is fed to the node as the answer of
 * its operation, through n8n's engine, in every output form the operation has (Raw; Simplified and Selected Fields
 * where it has them; a list with Return All and with a Limit; as an AI tool). Every fed object also holds
 * `__proto__`, `constructor` and `prototype` as own keys. Each item's output must hold the answer whole (Raw:
 * every key and value of the example, a list's every entry; Simplified: every field it names that the example
 * has), or be an error that says what came back: never an empty success, never a changed prototype.
 */

const DATA = JSON.parse(readFileSync(join(__dirname, 'contract', 'responseExamples.json'), 'utf8')) as { commit: string; count: number; examples: Record<string, ContractExample[]> };
const examples = DATA.examples;
const TOOL_TYPE = `${PACKAGE}.loyaltyPromotionsTool`;
registerNodeType(TOOL_TYPE, new LoyaltyPromotions());
const ctx = useEmulator({ asyncActionBaseMs: 0 });

/** 'GET /v1/x/{}' → the method and the emulator route glob of that request. */
function requestOf(key: string): { method: string; route: string } {
	const [method, path] = key.split(' ');
	return { method, route: path.replace(/\{\}/g, '*') };
}

/** An operation's requests in order (its `then` steps), each with the examples of any of its alternatives. */
function stepsOf(endpoint: string): Array<{ keys: string[]; examples: ContractExample[] }> {
	return endpoint
		.split(' then ')
		.map((step) => endpointKeys(step))
		.map((keys) => ({ keys, examples: keys.flatMap((key) => examples[key] ?? []) }))
		.filter((step) => step.examples.length > 0);
}

/**
 * The operations that start a job and wait on it (`… then GET /v1/async-actions/{id}`) are fed as a pair: the job's
 * start answer (an example of its first request) and the polled status (the contract's async action example of the
 * job's type). The node checks that the status names the job it started, and the contract's examples were written
 * apart, so the start answer carries the status example's `id` as its `async_action_id`: the one fact the two must
 * share (the start examples hold nothing else). A job's type is what the emulator (held to the contract's enums)
 * gives the job this operation starts. Status examples of types no operation waits on (a campaign's voucher updates,
 * deletes and generation, the dashboard's metadata key purges) are fed to none.
 */
const WAITS_ON_A_JOB = / then GET \/v1\/async-actions\//;
const STATUS_KEY = 'GET /v1/async-actions/{}';

/**
 * An operation whose output is the answer of a last request the contract does not publish (an announced endpoint,
 * e.g. the app keys' metadata schema PUT after its GET) outputs the emulator's answer, not a fed example: left out,
 * unless its output is shaped from what it read (then the fed keys must still reach it).
 */
const answersUnpublished = (definition: OperationDefinition) =>
	!(definition.output || definition.follow || ('batch' in definition && definition.batch)) && endpointKeys(definition.endpoint.split(' then ').pop()!).every((key) => !examples[key]?.length);

const CASES = OPERATIONS.filter(({ operation }) => !WAITS_ON_A_JOB.test(operation.endpoint))
	.map(({ key, resource, operation }) => ({ key, resource: resource.value, definition: operation as OperationDefinition, steps: stepsOf(operation.endpoint) }))
	.filter((entry) => entry.steps.length > 0 && !answersUnpublished(entry.definition));

/**
 * The job operations, with their start request and its examples (none for some: then the start answer is the one
 * the contract's schema gives every start, `{ async_action_id }`, with the status code the emulator answers); their
 * status examples are found once the job's type is known.
 */
const JOB_CASES = OPERATIONS.filter(({ operation }) => WAITS_ON_A_JOB.test(operation.endpoint)).map(({ key, resource, operation }) => {
	const start = operation.endpoint.split(' then ')[0];
	return { key, resource: resource.value, definition: operation as OperationDefinition, start: { keys: endpointKeys(start), examples: stepsOf(start)[0]?.examples ?? [] } };
});

/**
 * What a job's output carries of its finished async action: one summary a request (the action's ID as
 * `async_action_id`, its status, type, the service's own verdict `operation_status`, and its result, whose failed
 * records become items of their own). The action's bookkeeping is not part of it: when it was created and updated,
 * the request ID, progress, processing time and `object`.
 */
const JOB_BOOKKEEPING = ['created_at', 'updated_at', 'request_id', 'progress', 'processing_time', 'object'];
function jobCarried(body: unknown): unknown {
	const { id, ...rest } = body as IDataObject;
	return { async_action_id: id, ...Object.fromEntries(Object.entries(rest).filter(([name]) => !JOB_BOOKKEEPING.includes(name))) };
}

/** Job operations whose job type has no status example in the contract (the v2 batch's PROGRAM_MEMBERS_BATCH_CREATE): their start example is not fed. */
const NO_STATUS_EXAMPLE = ['programMember.addInBatch'];

/** The part of an answer the output carries: a list's entries, else the answer. */
function subjectsOf(definition: OperationDefinition, body: unknown): unknown[] {
	if (!definition.list) return [body];
	const list = body as IDataObject;
	const carried = (name: unknown): name is string => typeof name === 'string' && Array.isArray(list?.[name]);
	const name = carried(list?.data_ref) ? list.data_ref : carried(definition.list.entriesKey) ? definition.list.entriesKey : 'data';
	return Array.isArray(list?.[name]) ? (list[name] as unknown[]) : [];
}

/** The value as n8n hands it on: without the keys n8n drops from every item (and the fed hostile keys). */
function withoutPrototypeKeys(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(withoutPrototypeKeys);
	if (value === null || typeof value !== 'object') return value;
	return Object.fromEntries(Object.entries(value).filter(([key]) => !PROTOTYPE_KEYS.includes(key)).map(([key, inner]) => [key, withoutPrototypeKeys(inner)]));
}

/** Key paths of `value` ("a.b", "list[].c"): what "no key lost" compares. */
function keyPaths(value: unknown, at = ''): string[] {
	if (Array.isArray(value)) return value.flatMap((entry) => keyPaths(entry, `${at}[]`));
	if (value === null || typeof value !== 'object') return at ? [at] : [];
	const keys = Object.keys(value).filter((key) => !PROTOTYPE_KEYS.includes(key));
	return keys.length === 0 && at ? [at] : keys.flatMap((key) => keyPaths((value as IDataObject)[key], at ? `${at}.${key}` : key));
}

/** The value at a Simplify key path (its own reading, independent of the node's): undefined where it is not. */
function pick(value: unknown, path: string): unknown {
	const [step, ...rest] = path.split('.');
	const many = step.endsWith('[]');
	const name = many ? step.slice(0, -2) : step;
	if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.prototype.hasOwnProperty.call(value, name)) return undefined;
	const inner = (value as IDataObject)[name];
	if (rest.length === 0 && !many) return inner;
	if (inner === null) return null;
	if (many) return Array.isArray(inner) ? inner.map((entry) => (rest.length === 0 || entry === null ? entry : pick(entry, rest.join('.')))) : undefined;
	return pick(inner, rest.join('.'));
}

/** The item's output of one run: its items by input item. */
function byItem(items: INodeExecutionData[]): Map<number, IDataObject[]> {
	const grouped = new Map<number, IDataObject[]>();
	for (const item of items) {
		const paired = [item.pairedItem ?? { item: 0 }].flat() as Array<{ item: number }>;
		for (const { item: index } of paired) grouped.set(index, [...(grouped.get(index) ?? []), item.json]);
	}
	return grouped;
}

interface Fed {
	/** Per input item: the example of the request whose answer becomes the output (the last step's). */
	answers: ContractExample[];
	script: ScriptedAnswer[];
}

/** The scripted answers for `count` items, item i getting example i (cycling) of each step; a list's end page after one that says more. */
function feed(definition: OperationDefinition, steps: ReturnType<typeof stepsOf>, count: number, offset: number, returnAll: boolean): Fed {
	const answers: ContractExample[] = [];
	const script: ScriptedAnswer[] = [];
	for (let item = 0; item < count; item++) {
		steps.forEach((step, index) => {
			const example = step.examples[(offset + item) % step.examples.length];
			const routes = step.keys.map(requestOf);
			const answer = (body: unknown): ScriptedAnswer => ({
				method: routes[0].method,
				route: routes.map((route) => route.route),
				status: example.status,
				...(example.contentType ? { contentType: example.contentType, body } : { body: withHostileKeys(body) }),
				times: 1,
			});
			script.push(answer(example.body));
			if (index !== steps.length - 1) return;
			answers.push(example);
			if (returnAll && definition.list && saysMore(definition, example.body)) {
				const body = example.body as IDataObject;
				const name = Object.keys(body).find((key) => Array.isArray(body[key]) && body[key] === subjectsOf(definition, body)) ?? 'data';
				script.push(answer({ ...body, [name]: [] }));
			}
		});
	}
	return { answers, script };
}

/** Whether the node asks for another page after this answer (Return All; the examples' pages are short). */
function saysMore(definition: OperationDefinition, body: unknown): boolean {
	const list = body as IDataObject;
	if (subjectsOf(definition, body).length === 0 || !definition.list?.cursorParam) return false;
	if (definition.list.envelope === 'idCursor') return Boolean(list.has_more);
	if (definition.list.envelope === 'v2Cursor') return Boolean((list.cursor as IDataObject | null)?.next);
	return false;
}

/** Items of one run: batch operations send all items as one job, so they get one example a run. */
const perRun = (definition: OperationDefinition) => ('batch' in definition && definition.batch ? 1 : undefined);

type Form = 'raw' | 'simplified' | 'selected' | 'limit' | 'tool';

interface FedCase {
	key: string;
	resource: string;
	definition: OperationDefinition;
	steps: ReturnType<typeof stepsOf>;
	/** What of the last answer the output must carry, when not the answer itself (a job's summary). */
	carried?: (body: unknown) => unknown;
}

function formsOf(definition: OperationDefinition): Form[] {
	return ['raw', ...(definition.simplify ? (['simplified', 'selected'] as const) : []), ...(definition.list ? (['limit'] as const) : []), 'tool'];
}

/** Runs the operation with every example of its steps as answers, in one form; each item's output and its fed example. */
async function runFed(entry: FedCase, form: Form): Promise<Array<{ example: ContractExample; output: IDataObject[] | undefined; failure?: string }>> {
	const { key, resource, definition, steps } = entry;
	const total = Math.max(...steps.map((step) => step.examples.length));
	const size = perRun(definition) ?? total;
	const results: Array<{ example: ContractExample; output: IDataObject[] | undefined; failure?: string }> = [];
	for (let offset = 0; offset < total; offset += size) {
		const count = Math.min(size, total - offset);
		const base = await minimalParameters(key, ctx.emu);
		const { answers, script } = feed(definition, steps, count, offset, form !== 'limit');
		const subjects = answers.flatMap((answer) => subjectsOf(definition, answer.body));
		const topKeys = [...new Set(subjects.flatMap((subject) => (subject && typeof subject === 'object' ? Object.keys(subject) : [])))].filter(
			(name) => !PROTOTYPE_KEYS.includes(name) && /^[^.[\]\s,]+$/.test(name),
		);
		const parameters: INodeParameters = {
			resource,
			operation: definition.value,
			...base,
			...(definition.list ? (form === 'limit' ? { returnAll: false, limit: 1 } : { returnAll: true }) : {}),
			...(definition.simplify ? { output: form === 'simplified' ? 'simplified' : form === 'selected' ? 'selected' : 'raw', ...(form === 'selected' ? { outputFields: topKeys.join(', ') || 'id' } : {}) } : {}),
			options: { ...((base.options as IDataObject) ?? {}), concurrency: 1 },
		};
		ctx.emu.control.setAnswers(script);
		const run = await runNode({
			parameters,
			credentials: credentialsFor(ctx.emu),
			input: Array.from({ length: count }, () => ({})),
			continueOnFail: true,
			// n8n gives a tool the node's own parameters: the Authentication a new node of its resource gets
			...(form === 'tool' ? { nodeType: TOOL_TYPE, parameters: { authentication: defaultAuthentication(resource), ...parameters } } : {}),
		});
		if (run.error) throw new Error(`${key} (${form}) failed as a whole: ${run.error.message}`);
		const grouped = byItem(run.items);
		answers.forEach((example, item) => {
			const output = grouped.get(item);
			// a job's failed records are output rows (naming their async action), not a failure of the item
			const failure = output?.find((json) => typeof json.error === 'string' && json.async_action_id === undefined)?.error as string | undefined;
			results.push({ example, output, failure });
		});
		ctx.emu.control.setAnswers(null);
	}
	return results;
}

const polluted = () => Object.getOwnPropertyNames(Object.prototype).filter((name) => name === 'polluted' || name === 'prototype').length > 0 || ({} as IDataObject).polluted !== undefined;

/** The type of the job an operation starts and the start's status code, as the emulator gives them: the operation run once with its minimal parameters. */
async function jobOf(entry: (typeof JOB_CASES)[number]): Promise<{ type: string; status: number }> {
	const before = new Set(ctx.emu.control.state.asyncActions.keys());
	ctx.emu.control.clearRequests();
	const run = await runNode({ parameters: { resource: entry.resource, operation: entry.definition.value, ...(await minimalParameters(entry.key, ctx.emu)) }, credentials: credentialsFor(ctx.emu), continueOnFail: true });
	const started = [...ctx.emu.control.state.asyncActions.values()].filter((action) => !before.has(action.id));
	if (started.length !== 1) throw new Error(`${entry.key} started ${started.length} jobs at the emulator: ${JSON.stringify(run.items.map((item) => item.json)).slice(0, 300)}`);
	const routes = entry.start.keys.map(requestOf);
	const sent = ctx.emu.control.requests().find((request) => routes.some((route) => request.method === route.method && new RegExp(`^${route.route.replace(/\*/g, '[^/]+')}$`).test(request.path)));
	return { type: started[0].type, status: sent?.status ?? 202 };
}

/** Each job operation with the start and status examples it is fed, paired by index (the start answer naming the status's job). */
const jobSteps = new Map<string, ReturnType<typeof stepsOf>>();
const jobTypes = new Map<string, string>();
/** The contract's own examples the jobs are fed (the start answers as published, before they name the status's job). */
const jobFed = new Set<ContractExample>();

async function learnJobs(): Promise<void> {
	if (jobTypes.size > 0) return;
	for (const entry of JOB_CASES) {
		const { type, status } = await jobOf(entry);
		jobTypes.set(entry.key, type);
		// by the type it names, or the one the contract files it under (its CAMPAIGN.VOUCHERS_IMPORT_CSV example names CUSTOMERS.IMPORT_CSV)
		const statuses = (examples[STATUS_KEY] ?? []).filter((example) => example.name === type || (example.body as IDataObject)?.type === type);
		if (statuses.length === 0) continue;
		const starts: ContractExample[] = entry.start.examples.length > 0 ? entry.start.examples : [{ file: '(schema)', status, name: 'start answer', body: {} }];
		const total = Math.max(statuses.length, starts.length);
		const pairs = Array.from({ length: total }, (_, index) => ({ start: starts[index % starts.length], status: statuses[index % statuses.length] }));
		for (const pair of pairs) jobFed.add(pair.start).add(pair.status);
		jobSteps.set(entry.key, [
			{ keys: entry.start.keys, examples: pairs.map(({ start, status }) => ({ ...start, body: { ...(start.body as IDataObject), async_action_id: (status.body as IDataObject).id } })) },
			{ keys: [STATUS_KEY], examples: pairs.map(({ status }) => status) },
		]);
	}
}

it('the committed examples are the contract\'s, at the commit they say, and every one is fed to an operation', async () => {
	expect(DATA.commit).toBe('65c33a7ab4384e3df9e382751157aca4b1352cd6');
	await learnJobs();
	expect(JOB_CASES.filter((entry) => !jobSteps.has(entry.key)).map((entry) => `${entry.key} (${jobTypes.get(entry.key)})`)).toEqual(NO_STATUS_EXAMPLE.map((key) => `${key} (${jobTypes.get(key)})`));
	const fed = new Set([...CASES.flatMap((entry) => entry.steps.flatMap((step) => step.examples)), ...jobFed]);
	const notFed = Object.entries(examples).flatMap(([key, list]) => list.filter((example) => !fed.has(example)).map((example) => `${key} ${example.name}`));
	// only the start examples of the jobs without a status example of their type, and the status examples of types no operation starts
	const started = new Set(jobTypes.values());
	const otherTypes = (examples[STATUS_KEY] ?? []).filter((example) => !started.has(example.name) && !started.has(String((example.body as IDataObject)?.type)));
	expect(otherTypes.map((example) => example.name)).toEqual(expect.arrayContaining(['CAMPAIGN.VOUCHERS_DELETE', 'ORDERS.METADATA_KEY_PURGE']));
	expect(notFed.sort()).toEqual(
		[
			...JOB_CASES.filter((entry) => NO_STATUS_EXAMPLE.includes(entry.key)).flatMap((entry) => entry.start.keys.flatMap((key) => (examples[key] ?? []).map((example) => `${key} ${example.name}`))),
			...otherTypes.map((example) => `${STATUS_KEY} ${example.name}`),
		].sort(),
	);
	expect(Object.values(examples).flat().length).toBe(DATA.count);
});

/** Feeds the case's examples in one form: each item's output holds its example whole, or is an error that says what came back. */
async function expectWhole(entry: FedCase, form: Form): Promise<void> {
	const results = await runFed(entry, form);
	expect(polluted()).toBe(false);
	const problems: string[] = [];
	for (const { example, output: raw, failure } of results) {
		const output = raw?.map((json) => withoutPrototypeKeys(json) as IDataObject);
		const name = `${example.file} ${example.status} ${example.name}`;
		if (failure !== undefined) {
			// an answer the node cannot read: a clear error, quoting what came back
			if (!/something other than|not an object|is not a URL|cannot read|could not be read/i.test(failure)) problems.push(`${name}: failed: ${failure}`);
			continue;
		}
		const subjects = withoutPrototypeKeys(entry.carried ? [entry.carried(example.body)] : subjectsOf(entry.definition, example.body)) as unknown[];
		if (output === undefined || output.length === 0) {
			if (subjects.length > 0 || form === 'tool') problems.push(`${name}: no output item`);
			continue;
		}
		const shaped = Boolean(entry.definition.output || entry.definition.follow || perRun(entry.definition));
		if (shaped) {
			const kept = new Set(keyPaths(output).map((path) => path.split('.').pop()!.replace(/\[\]$/, '')));
			const lost = keyPaths(subjects).map((path) => path.split('.').pop()!.replace(/\[\]$/, '')).filter((keyName) => !kept.has(keyName));
			if (lost.length > 0) problems.push(`${name}: keys lost: ${[...new Set(lost)].join(', ')}`);
			continue;
		}
		const expected = form === 'limit' ? subjects.slice(0, 1) : subjects;
		const shown = form === 'tool' && expected.length === 0 ? output.filter((json) => json.found !== 0) : output;
		if (shown.length !== expected.length) {
			problems.push(`${name}: ${expected.length} entries, ${shown.length} output items`);
			continue;
		}
		shown.forEach((json, index) => {
			const subject = expected[index];
			if (form === 'simplified') {
				const missed = entry.definition.simplify!.filter((path) => pick(subject, path) !== undefined && JSON.stringify(pick(json, path)) !== JSON.stringify(pick(subject, path)));
				if (missed.length > 0) problems.push(`${name}: Simplified lost ${missed.join(', ')}`);
				return;
			}
			const lost = keyPaths(subject).filter((path) => !keyPaths(json).includes(path));
			if (lost.length > 0) problems.push(`${name}: keys lost: ${lost.slice(0, 10).join(', ')}`);
			else if (JSON.stringify(json) !== JSON.stringify(subject) && form !== 'tool') {
				try {
					expect(json).toMatchObject(subject as IDataObject);
				} catch {
					problems.push(`${name}: values changed`);
				}
			}
		});
	}
	expect(problems).toEqual([]);
}

describe.each(CASES.map((entry) => [entry.key, entry] as const))('%s', (_key, entry) => {
	it.each(formsOf(entry.definition))('%s: every example reaches the output whole, or fails saying so', (form) => expectWhole(entry, form));
});

describe.each(JOB_CASES.map((entry) => [entry.key, entry] as const))('%s (a job the node polls)', (key, entry) => {
	beforeAll(learnJobs, 120000);
	it.each(formsOf(entry.definition))('%s: the start and status examples reach the output whole, or fail saying so', async (form) => {
		const steps = jobSteps.get(key);
		if (!steps) {
			expect(NO_STATUS_EXAMPLE).toContain(key);
			return;
		}
		await expectWhole({ key, resource: entry.resource, definition: entry.definition, steps, carried: jobCarried }, form);
	});
});

