/**
 * Fails any test file after which a built-in prototype has changed: a key or path from a user, a model, an input
 * item or the service that reached `Object.prototype` (e.g. Selected Fields `metadata.__proto__.polluted` over an
 * answer holding that key) changes every object of the process, and in n8n it breaks every later execution.
 * Registered in jest.config.js's setupFilesAfterEnv: the snapshot is taken before the test file loads anything,
 * and compared after its last test. A change is undone after it is reported, so it cannot fail the next file too.
 */
const GUARDED = {
	'Object.prototype': Object.prototype,
	'Array.prototype': Array.prototype,
	'Function.prototype': Function.prototype,
	'String.prototype': String.prototype,
	'Number.prototype': Number.prototype,
	'Boolean.prototype': Boolean.prototype,
};

function snapshot(target) {
	const keys = Reflect.ownKeys(target);
	return {
		prototype: Object.getPrototypeOf(target),
		extensible: Object.isExtensible(target),
		descriptors: new Map(keys.map((key) => [key, Object.getOwnPropertyDescriptor(target, key)])),
	};
}

const same = (a, b) => ['value', 'get', 'set', 'writable', 'enumerable', 'configurable'].every((field) => Object.is(a[field], b[field]));

/** What changed on `target` since `before`, as text; the changes undone where they can be. */
function changesOf(name, target, before) {
	const changes = [];
	const now = snapshot(target);
	if (now.prototype !== before.prototype) changes.push(`${name}'s own prototype was replaced`);
	if (now.extensible !== before.extensible) changes.push(`${name} was made ${now.extensible ? 'extensible' : 'non-extensible'}`);
	for (const [key, descriptor] of now.descriptors) {
		const earlier = before.descriptors.get(key);
		if (!earlier) {
			changes.push(`${name}.${String(key)} was added (${typeof descriptor.value === 'string' ? JSON.stringify(descriptor.value) : typeof (descriptor.value ?? descriptor.get)})`);
			if (descriptor.configurable) delete target[key];
		} else if (!same(earlier, descriptor)) {
			changes.push(`${name}.${String(key)} was changed`);
			if (descriptor.configurable) Object.defineProperty(target, key, earlier);
		}
	}
	for (const key of before.descriptors.keys()) {
		if (!now.descriptors.has(key)) {
			changes.push(`${name}.${String(key)} was removed`);
			Object.defineProperty(target, key, before.descriptors.get(key));
		}
	}
	return changes;
}

const before = Object.fromEntries(Object.entries(GUARDED).map(([name, target]) => [name, snapshot(target)]));

afterAll(() => {
	const changes = Object.entries(GUARDED).flatMap(([name, target]) => changesOf(name, target, before[name]));
	if (changes.length > 0) throw new Error(`A built-in prototype changed during this test file: ${changes.join('; ')}`);
});

module.exports = { GUARDED, snapshot, changesOf };
