import { existsSync, readdirSync, readFileSync } from 'fs';
import { dirname, join, resolve } from 'path';
import { AI_FILE, fillIn, GENERATED_FILE } from '../scripts/docs.cjs';

const root = join(__dirname, '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const operationsReference = readFileSync(GENERATED_FILE, 'utf8');
const aiGuide = readFileSync(AI_FILE, 'utf8');

describe.each([
	['docs/operations.md', operationsReference, ['operations', 'events', 'mapping']],
	['README.md', readme, ['areas']],
	['docs/ai.md', aiGuide, ['bounds']],
])('%s', (_file, text, tables) => {
	it.each(tables)('has the %s table generated from the node itself (run `npm run docs` after a change)', (name) => {
		expect(text).toContain(`<!-- generated:${name} -->`);
		expect(fillIn(text)).toBe(text);
	});
});

describe('README', () => {
	it('opens with the two commands: the demo and the tests', () => {
		const firstBlock = readme.split('```')[1];
		expect(firstBlock).toMatch(/npm run demo/);
		expect(firstBlock).toMatch(/npm test/);
	});

	it('stays a short page (depth lives under docs/)', () => {
		expect(readme.split('\n').length).toBeLessThanOrEqual(250);
	});
});

describe('links between the README and docs/', () => {
	const documents = ['README.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

	it.each(documents)('%s links only to files that exist', (document) => {
		const text = readFileSync(join(root, document), 'utf8');
		const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
			.map((match) => match[1].split('#')[0])
			.filter((target) => target !== '' && !/^[a-z]+:/i.test(target));
		const missing = targets.filter((target) => !existsSync(resolve(dirname(join(root, document)), target)));
		expect(missing).toEqual([]);
	});
});
