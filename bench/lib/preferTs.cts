/**
 * Under plain ts-node, `require('…/LoyaltyPromotions.node')` (as the test harness writes it) resolves to the
 * codex file `LoyaltyPromotions.node.json`, because Node tries `.json` before the `.ts` that ts-node adds. Jest
 * tries `.ts` first. Reorder the extensions so the bench loads the same modules as the tests. Import this first.
 */
const Module = require('module') as { _extensions: Record<string, unknown> };
const extensions = Module._extensions;
for (const ext of ['.json', '.node']) {
	const handler = extensions[ext];
	if (handler && extensions['.ts']) {
		delete extensions[ext];
		extensions[ext] = handler;
	}
}
export {};
