import { editorWeight, LARGEST_BUILT_IN_BYTES } from '../bench/lib/editorWeight.cjs';
import { NODE_TYPES, ACTION_NODE_TYPE, TRIGGER_NODE_TYPE } from './harness/types.cjs';

/**
 * What the package adds to every editor load (n8n's /types/nodes.json) stays within n8n's largest built-in node
 * type: a size, not a time, so a plain check (`npm run bench -- --weight` prints the table per version).
 */
it("adds no more to the editor's node types than n8n's largest node, every version and tool copy included", () => {
	const entries = editorWeight([NODE_TYPES[ACTION_NODE_TYPE], NODE_TYPES[TRIGGER_NODE_TYPE]]);
	const total = entries.reduce((sum, entry) => sum + entry.bytes, 0);
	// version 1's description, versions 2+3's one description and its tool copy, the trigger
	expect(entries.map(({ versions, tool }) => `${versions}${tool ? ' tool' : ''}`)).toEqual(['1', '2, 3', '2, 3 tool', '1']);
	expect(total).toBeLessThanOrEqual(LARGEST_BUILT_IN_BYTES);
});
