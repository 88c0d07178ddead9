/**
 * Every field a model fills in the shipped examples shows in n8n's editor as "Defined automatically by the model":
 * n8n 2.41's editor shows that only for a value starting with `={{ <FROM_AI_AUTO_GENERATED_MARKER> $fromAI(`
 * (fromAIOverride.utils isFromAIOverrideValue); anything else shows its raw expression text. Generated over every
 * parameter of every node of every example, nested ones included; n8n's own parser still reads each call's key.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractFromAICalls, FROM_AI_AUTO_GENERATED_MARKER } from 'n8n-workflow';

const EXAMPLES = join(__dirname, '..', '..', 'examples');

/** Every text value under `value`, with its path. */
function texts(value: unknown, path: string): Array<[string, string]> {
	if (typeof value === 'string') return [[path, value]];
	if (Array.isArray(value)) return value.flatMap((entry, index) => texts(entry, `${path}[${index}]`));
	if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, entry]) => texts(entry, `${path}.${key}`));
	return [];
}

const MODEL_FIELDS = readdirSync(EXAMPLES)
	.filter((file) => file.endsWith('.json'))
	.flatMap((file) => {
		const workflow = JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8')) as { nodes: Array<{ name: string; type: string; parameters: unknown }> };
		return workflow.nodes
			.filter((node) => node.type !== 'n8n-nodes-base.stickyNote')
			.flatMap((node) => texts(node.parameters, `${file} ${node.name}`).filter(([, text]) => text.includes('$fromAI(')));
	});

test('the examples have fields a model fills', () => {
	expect(MODEL_FIELDS.length).toBeGreaterThanOrEqual(30);
});

test.each(MODEL_FIELDS)('%s: one $fromAI() call behind n8n\'s marker, shown as defined by the model', (_, text) => {
	expect(text.startsWith(`={{ ${FROM_AI_AUTO_GENERATED_MARKER} $fromAI(`)).toBe(true);
	expect(text.trimEnd().endsWith('}}')).toBe(true);
	const calls = extractFromAICalls(text);
	expect(calls).toHaveLength(1);
	expect(calls[0].key).toMatch(/^[A-Za-z0-9_-]+$/);
});
