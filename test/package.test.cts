/**
 * What n8n's verification of a community package looks at beyond the code (the code is `npm run lint`'s): the
 * package.json fields, the LICENSE the license field names, and the publish workflow that publishes from CI
 * with npm provenance (it cannot run here: it is parsed and its steps checked); the credentials' names as n8n's
 * editor shows them; the import graph of the shipped code (no circles).
 */
import { readdirSync, readFileSync } from 'fs';
import { dirname, join, relative, resolve } from 'path';
import * as ts from 'typescript';
import { LoyaltyPromotionsAppApi } from '../credentials/LoyaltyPromotionsAppApi.credentials';
import { LoyaltyPromotionsManagementApi } from '../credentials/LoyaltyPromotionsManagementApi.credentials';
import { LoyaltyPromotionsOAuth2Api } from '../credentials/LoyaltyPromotionsOAuth2Api.credentials';
import { CREDENTIAL_NAMES } from '../nodes/LoyaltyPromotions/actions/types';

// a YAML parser the test tooling already brings (jest's coverage loader depends on it)
const yaml = require('js-yaml') as { load(text: string): unknown };

const ROOT = join(__dirname, '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

describe('package.json', () => {
	it('has the fields n8n checks for a community package', () => {
		expect(pkg.name).toMatch(/^(@[a-z0-9-]+\/)?n8n-nodes-[a-z0-9-]+$/);
		expect(pkg.keywords).toContain('n8n-community-node-package');
		expect(pkg.version).toMatch(/^\d+\.\d+\.\d+$/);
		expect(pkg.description.length).toBeGreaterThan(20);
		expect(pkg.homepage).toMatch(/^https:\/\//);
		expect(pkg.author).toEqual({ name: expect.any(String), email: expect.stringMatching(/@/) });
		expect(pkg.repository).toEqual({ type: 'git', url: expect.stringMatching(/^git\+https:\/\/github\.com\/.+\.git$/) });
		expect(pkg.files).toEqual(['dist']);
		expect(pkg.n8n).toMatchObject({ n8nNodesApiVersion: 1, strict: true });
		expect(pkg.dependencies).toBeUndefined();
		expect(pkg.scripts.prepublish).toBeUndefined();
	});

	it('asks for n8n-workflow as n8n lint wants it ("*"), optional so that npm never installs one into n8n', () => {
		expect(pkg.peerDependencies).toEqual({ 'n8n-workflow': '*' });
		expect(pkg.peerDependenciesMeta).toEqual({ 'n8n-workflow': { optional: true } });
	});

	it('states the measured n8n range and the Node range', () => {
		expect(pkg.engines.node).toMatch(/^>=\d+/);
		expect(pkg.engines.n8n).toMatch(/^>=1\.\d+\.\d+$/);
	});
});

describe('LICENSE', () => {
	it('is the MIT license package.json names', () => {
		expect(pkg.license).toBe('MIT');
		const text = readFileSync(join(ROOT, 'LICENSE'), 'utf8');
		expect(text.split('\n')[0]).toBe('MIT License');
		expect(text).toContain('Permission is hereby granted, free of charge');
		expect(text).toMatch(/Copyright \(c\) \d{4} /);
	});
});

describe('.github/workflows/publish.yml', () => {
	const workflow = yaml.load(readFileSync(join(ROOT, '.github', 'workflows', 'publish.yml'), 'utf8')) as {
		on: { push: { tags: string[]; branches?: unknown } };
		permissions: Record<string, string>;
		jobs: Record<string, { 'runs-on': string; 'timeout-minutes': number; steps: Array<{ uses?: string; run?: string; with?: Record<string, unknown> }> }>;
	};
	const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
	const runs = steps.map((s) => s.run ?? '');
	const indexOf = (pattern: RegExp) => runs.findIndex((r) => pattern.test(r));

	it('runs on version tags only', () => {
		expect(Object.keys(workflow.on)).toEqual(['push']);
		expect(workflow.on.push.tags).toEqual(['v*.*.*']);
		expect(workflow.on.push.branches).toBeUndefined();
	});

	it('may mint the OIDC token npm trusted publishing and provenance need, and nothing more', () => {
		expect(workflow.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
	});

	it('checks the tag against package.json, lints, tests and builds before it publishes with provenance', () => {
		const publish = indexOf(/^npm publish --provenance --access public$/);
		expect(publish).toBeGreaterThan(-1);
		expect(indexOf(/GITHUB_REF_NAME/)).toBeGreaterThan(-1);
		expect(indexOf(/GITHUB_REF_NAME/)).toBeLessThan(publish);
		expect(indexOf(/^\.ci\/run$/)).toBeGreaterThan(-1);
		expect(indexOf(/^\.ci\/run$/)).toBeLessThan(publish);
		expect(indexOf(/^npm run build$/)).toBeLessThan(publish);
		expect(indexOf(/^npm install --global npm@11$/)).toBeLessThan(publish);
		const setupNode = steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
		expect(setupNode?.with).toMatchObject({ 'registry-url': 'https://registry.npmjs.org' });
		// no long-lived npm token: trusted publishing only
		expect(JSON.stringify(workflow)).not.toMatch(/NPM_TOKEN|NODE_AUTH_TOKEN/);
		for (const job of Object.values(workflow.jobs)) expect(job['timeout-minutes']).toBeLessThanOrEqual(90);
	});
});

describe("the credentials' names in n8n's editor", () => {
	const types = [new LoyaltyPromotionsAppApi(), new LoyaltyPromotionsManagementApi(), new LoyaltyPromotionsOAuth2Api()];
	/**
	 * The name n8n's editor gives a new credential (credentials store, getNewCredentialName in 2.41): the type's
	 * display name without the words API, OAuth1, OAuth2 and MCP, then " account".
	 */
	const newCredentialName = (displayName: string) =>
		`${displayName
			.split(' ')
			.filter((word) => !['API', 'OAuth1', 'OAuth2', 'MCP'].includes(word))
			.join(' ')} account`;

	it('gives each credential a default name of its own, which says how it signs in', () => {
		const names = types.map((type) => newCredentialName(type.displayName));
		expect(new Set(names).size).toBe(types.length);
		expect(names).toEqual([
			'Loyalty Promotions (Voucherify) App Keys account',
			'Loyalty Promotions (Voucherify) Management account',
			'Loyalty Promotions (Voucherify) OAuth2.0 account',
		]);
	});

	it("names each credential in the node's messages as its type does, and keeps the saved types' names", () => {
		for (const type of types) expect(CREDENTIAL_NAMES[type.name as keyof typeof CREDENTIAL_NAMES]).toBe(type.displayName);
		expect(types.map((type) => type.name)).toEqual(['loyaltyPromotionsAppApi', 'loyaltyPromotionsManagementApi', 'loyaltyPromotionsOAuth2Api']);
	});
});

/**
 * The import graph of the shipped code (nodes/, credentials/), type-only imports and re-exports included, as a
 * circle tool sees it: every import of a local module is an edge.
 */
function importGraph(): Map<string, string[]> {
	const filesUnder = (dir: string): string[] =>
		readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
			const full = join(dir, entry.name);
			return entry.isDirectory() ? filesUnder(full) : entry.name.endsWith('.ts') ? [full] : [];
		});
	const files = ['nodes', 'credentials'].flatMap((dir) => filesUnder(join(ROOT, dir)));
	const known = new Set(files);
	const graph = new Map<string, string[]>();
	for (const file of files) {
		const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
		const local = importedFiles.filter((imported) => imported.fileName.startsWith('.'));
		const targets = local.map((imported) => {
			const base = resolve(dirname(file), imported.fileName);
			const target = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => known.has(candidate));
			if (!target) throw new Error(`${relative(ROOT, file)} imports ${imported.fileName}, which is no module of the package`);
			return target;
		});
		graph.set(relative(ROOT, file), targets.map((target) => relative(ROOT, target)));
	}
	return graph;
}

/** One circle through `start` inside `group` (a strongly connected set), as "a → b → … → a". */
function circleThrough(graph: Map<string, string[]>, group: Set<string>, start: string): string {
	const cameFrom = new Map<string, string>();
	const queue = [start];
	while (queue.length > 0) {
		const file = queue.shift()!;
		for (const next of graph.get(file)!.filter((target) => group.has(target))) {
			if (next === start) {
				const path = [file];
				while (path[0] !== start) path.unshift(cameFrom.get(path[0])!);
				return [...path, start].join(' → ');
			}
			if (!cameFrom.has(next)) {
				cameFrom.set(next, file);
				queue.push(next);
			}
		}
	}
	return start;
}

/** The graph's circles: its strongly connected groups of more than one module or a module importing itself (Tarjan). */
function importCircles(graph: Map<string, string[]>): string[] {
	let counter = 0;
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const circles: string[] = [];
	const visit = (file: string) => {
		index.set(file, counter);
		low.set(file, counter++);
		stack.push(file);
		onStack.add(file);
		for (const next of graph.get(file)!) {
			if (!index.has(next)) {
				visit(next);
				low.set(file, Math.min(low.get(file)!, low.get(next)!));
			} else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
		}
		if (low.get(file) !== index.get(file)) return;
		const group = new Set<string>();
		let member: string;
		do {
			member = stack.pop()!;
			onStack.delete(member);
			group.add(member);
		} while (member !== file);
		if (group.size > 1 || graph.get(file)!.includes(file)) circles.push(`${group.size} modules: ${circleThrough(graph, group, file)}`);
	};
	for (const file of graph.keys()) if (!index.has(file)) visit(file);
	return circles;
}

describe('the import graph of nodes/ and credentials/', () => {
	const graph = importGraph();

	it('has no circle (type-only imports included)', () => {
		expect(graph.size).toBeGreaterThan(400);
		expect(importCircles(graph)).toEqual([]);
	});

	it('finds a circle when there is one, and names it', () => {
		const circular = new Map([
			['a.ts', ['b.ts']],
			['b.ts', ['c.ts', 'd.ts']],
			['c.ts', ['a.ts']],
			['d.ts', []],
			['e.ts', ['e.ts']],
		]);
		expect(importCircles(circular)).toEqual(['3 modules: a.ts → b.ts → c.ts → a.ts', '1 modules: e.ts → e.ts']);
	});

	it('keeps shared/ below the resources: from actions/ it reaches only the types and the version helpers', () => {
		const reached = new Set<string>();
		const walk = (file: string) => {
			for (const next of graph.get(file)!) {
				if (reached.has(next)) continue;
				reached.add(next);
				walk(next);
			}
		};
		for (const file of graph.keys()) if (file.startsWith('nodes/LoyaltyPromotions/shared/')) walk(file);
		expect([...reached].filter((file) => file.startsWith('nodes/LoyaltyPromotions/actions/')).sort()).toEqual([
			'nodes/LoyaltyPromotions/actions/types.ts',
			'nodes/LoyaltyPromotions/actions/versions.ts',
		]);
	});
});
