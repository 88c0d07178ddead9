/**
 * Writes test/actions/contract/responseExamples.json: the published contract's own success-answer examples
 * (voucherify-openapi `documentation/openapi/*.json` without client-side.json, 2xx responses, current and
 * deprecated operations) for every operation the node calls, keyed by method and path (parameters as `{}`).
 * test/actions/contractExamples.test.cts feeds each one to the node as the answer of its operation; CI has no copy
 * of the contract, so the examples are committed as data. Run where the contract repository is checked out:
 *
 *   ts-node --transpile-only scripts/contractExamples.cts <voucherify-openapi git dir> [commit]
 */
import '../bench/lib/preferTs.cjs';
import { execFileSync } from 'child_process';
import { writeFileSync } from 'fs';
import { join } from 'path';
import { RESOURCES } from '../nodes/LoyaltyPromotions/actions/resources';

/** A contract document or a part of it, as JSON.parse gives it. */
type Json = any;

export interface ContractExample {
	/** The contract file it is from. */
	file: string;
	status: number;
	/** The example's name in the contract ('example' for a response's single example). */
	name: string;
	/** Only when not application/json. */
	contentType?: string;
	body: Json;
}

export const EXAMPLES_FILE = join(__dirname, '..', 'test', 'actions', 'contract', 'responseExamples.json');

/** 'GET /v1/x/{id}' → 'GET /v1/x/{}'. */
export const endpointKey = (method: string, path: string): string => `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`;

/** Every request an operation's documented endpoint names (alternatives and the requests that follow). */
export function endpointKeys(endpoint: string): string[] {
	return endpoint
		.split(/ then | or /)
		.map((part) => part.trim().split(' '))
		.filter(([method, path]) => /^[A-Z]+$/.test(method) && path?.startsWith('/'))
		.map(([method, path]) => endpointKey(method, path));
}

function main(): void {
	const [gitDir, commit = 'HEAD'] = process.argv.slice(2);
	if (!gitDir) throw new Error('usage: contractExamples.cts <voucherify-openapi git dir> [commit]');
	const git = (...args: string[]) => execFileSync('git', ['-C', gitDir, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
	const sha = git('rev-parse', commit).trim();
	const called = new Set(RESOURCES.flatMap((resource) => resource.operations.flatMap((operation) => endpointKeys(operation.endpoint))));
	const files = git('ls-tree', '--name-only', sha, 'documentation/openapi/')
		.split('\n')
		.filter((file) => file.endsWith('.json') && !file.endsWith('/client-side.json'));
	const examples: Record<string, ContractExample[]> = {};
	const notCalled: Record<string, number> = {};
	for (const path of files) {
		const document = JSON.parse(git('show', `${sha}:${path}`));
		const resolve = (value: Json): Json => (value?.$ref ? value.$ref.split('/').slice(1).reduce((node: Json, key: string) => node[key], document) : value);
		for (const [route, item] of Object.entries<Record<string, Json>>(document.paths ?? {})) {
			for (const [method, operation] of Object.entries(item)) {
				for (const [status, response] of Object.entries<Json>(operation?.responses ?? {})) {
					if (!/^2\d\d$/.test(status)) continue;
					for (const [contentType, content] of Object.entries<Json>(resolve(response).content ?? {})) {
						const found: Array<[string, Json]> = [];
						if (content.example !== undefined) found.push(['example', content.example]);
						for (const [name, example] of Object.entries<Json>(content.examples ?? {})) found.push([name, resolve(example).value]);
						const key = endpointKey(method, route);
						for (const [name, body] of found) {
							if (!called.has(key)) {
								notCalled[key] = (notCalled[key] ?? 0) + 1;
								continue;
							}
							(examples[key] ??= []).push({ file: path.split('/').pop()!, status: Number(status), name, ...(contentType === 'application/json' ? {} : { contentType }), body });
						}
					}
				}
			}
		}
	}
	const count = Object.values(examples).reduce((sum, list) => sum + list.length, 0);
	const data = {
		source: 'github.com/voucherifyio/voucherify-openapi documentation/openapi/*.json (client-side.json aside): the 2xx response examples of the requests the node sends',
		commit: sha,
		generatedBy: 'scripts/contractExamples.cts',
		count,
		notSentByTheNode: notCalled,
		examples,
	};
	writeFileSync(EXAMPLES_FILE, `${JSON.stringify(data)}\n`);
	console.log(`${count} examples of ${Object.keys(examples).length} requests; ${Object.values(notCalled).reduce((a, b) => a + b, 0)} of requests the node does not send`);
}

if (require.main === module) main();
