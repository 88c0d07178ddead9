/**
 * Reading and writing by a key that a user, a model, an input item or the service gives. Such a key may be
 * `__proto__`, `constructor` or `prototype`: read as `object[key]` it finds what every object inherits
 * (`Object.prototype` itself, or its functions), and assigned as `object[key] = value` it changes the object's
 * prototype instead of setting a key, or, one step further down a path, writes into the prototype of every
 * object of the process. These read own properties only and write own properties only.
 */

/** Whether `key` is the object's own property (never one it inherits). */
export function hasOwn(object: object, key: string): boolean {
	return Object.prototype.hasOwnProperty.call(object, key);
}

/** The object's own value under `key`, or undefined (also when it only inherits one). */
export function ownValue(object: unknown, key: string): unknown {
	return object !== null && typeof object === 'object' && hasOwn(object, key) ? (object as Record<string, unknown>)[key] : undefined;
}

/**
 * Sets `key` as the object's own property, whatever its name: an assignment with `__proto__` would change the
 * object's prototype instead, and the key would be lost.
 */
export function putOwn<T>(target: Record<string, T>, key: string, value: T): void {
	Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The keys n8n drops from every item it copies (n8n-workflow's deepCopy), and the ones that reach prototypes. */
export const PROTOTYPE_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];
