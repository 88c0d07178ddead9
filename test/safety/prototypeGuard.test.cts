/**
 * The guard every test file runs after its last test (test/harness/prototypeGuard.js, jest.config.js's
 * setupFilesAfterEnv): it reports what changed on a built-in prototype, and undoes it so that the next file
 * starts clean.
 */
const { changesOf, snapshot } = require('../harness/prototypeGuard.js');

it('reports a key added to Object.prototype, and removes it', () => {
	const before = snapshot(Object.prototype);
	(Object.prototype as Record<string, unknown>).polluted = 'YES';
	expect(changesOf('Object.prototype', Object.prototype, before)).toEqual(['Object.prototype.polluted was added ("YES")']);
	expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

it('reports a built-in replaced or removed on Array.prototype, and puts it back', () => {
	const before = snapshot(Array.prototype);
	const includes = Object.getOwnPropertyDescriptor(Array.prototype, 'includes')!;
	const at = Object.getOwnPropertyDescriptor(Array.prototype, 'at')!;
	Object.defineProperty(Array.prototype, 'includes', { ...includes, value: () => true });
	delete (Array.prototype as unknown as Record<string, unknown>).at;
	expect(changesOf('Array.prototype', Array.prototype, before).sort()).toEqual(['Array.prototype.at was removed', 'Array.prototype.includes was changed']);
	expect(Object.getOwnPropertyDescriptor(Array.prototype, 'includes')).toEqual(includes);
	expect(Object.getOwnPropertyDescriptor(Array.prototype, 'at')).toEqual(at);
	expect([1].includes(2)).toBe(false);
});

it('reports nothing when nothing changed', () => {
	expect(changesOf('Function.prototype', Function.prototype, snapshot(Function.prototype))).toEqual([]);
});
