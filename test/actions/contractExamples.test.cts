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
 * The operations that start a job and wait on it (`… then GET /v1/async-actions/{id}`) are left out: the job's
 * status answer must name the job the first answer started, and the node polls it with real waits, so their
 * examples (the async actions' statuses, the bulk and import answers) are not fed here.
 */
const WAITS_ON_A_JOB = / then GET \/v1\/async-actions\//;
const JOB_KEYS = new Set(OPERATIONS.filter(({ operation }) => WAITS_ON_A_JOB.test(operation.endpoint)).flatMap(({ operation }) => endpointKeys(operation.endpoint)));

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

function formsOf(definition: OperationDefinition): Form[] {
	return ['raw', ...(definition.simplify ? (['simplified', 'selected'] as const) : []), ...(definition.list ? (['limit'] as const) : []), 'tool'];
}

/** Runs the operation with every example of its steps as answers, in one form; each item's output and its fed example. */
async function runFed(entry: (typeof CASES)[number], form: Form): Promise<Array<{ example: ContractExample; output: IDataObject[] | undefined; failure?: string }>> {
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
			const failure = output?.find((json) => typeof json.error === 'string')?.error as string | undefined;
			results.push({ example, output, failure });
		});
		ctx.emu.control.setAnswers(null);
	}
	return results;
}

const polluted = () => Object.getOwnPropertyNames(Object.prototype).filter((name) => name === 'polluted' || name === 'prototype').length > 0 || ({} as IDataObject).polluted !== undefined;

it('the committed examples are the contract\'s, at the commit they say, and every one is fed to an operation', () => {
	expect(DATA.commit).toBe('65c33a7ab4384e3df9e382751157aca4b1352cd6');
	const fed = new Set(CASES.flatMap((entry) => entry.steps.flatMap((step) => step.keys)));
	expect(Object.keys(examples).filter((key) => !fed.has(key) && !JOB_KEYS.has(key))).toEqual([]);
	const notFed = Object.keys(examples).filter((key) => !fed.has(key)).reduce((sum, key) => sum + examples[key].length, 0);
	// the job operations' examples, and no others
	expect(notFed).toBe([...JOB_KEYS].filter((key) => !fed.has(key)).reduce((sum, key) => sum + (examples[key]?.length ?? 0), 0));
	expect(Object.values(examples).flat().length).toBe(DATA.count);
});

describe.each(CASES.map((entry) => [entry.key, entry] as const))('%s', (_key, entry) => {
	it.each(formsOf(entry.definition))('%s: every example reaches the output whole, or fails saying so', async (form) => {
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
			const subjects = withoutPrototypeKeys(subjectsOf(entry.definition, example.body)) as unknown[];
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
	});
});
