import { readFileSync } from 'fs';
import { join } from 'path';
import { fillIn, GENERATED } from '../scripts/docs';

const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');

describe('README', () => {
	it.each(Object.keys(GENERATED))('has the %s table generated from the node itself (run `npm run docs` after a change)', (name) => {
		expect(readme).toContain(`<!-- generated:${name} -->`);
		expect(fillIn(readme)).toBe(readme);
	});

	it('opens with the two commands: the demo and the tests', () => {
		const firstBlock = readme.split('```')[1];
		expect(firstBlock).toMatch(/npm run demo/);
		expect(firstBlock).toMatch(/npm test/);
	});
});
