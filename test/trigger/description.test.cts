import { readFileSync } from 'fs';
import { join } from 'path';
import { NodeHelpers, type INodeParameters } from 'n8n-workflow';
import { LoyaltyPromotionsTrigger } from '../../nodes/LoyaltyPromotions/LoyaltyPromotionsTrigger.node';
import { ALL_EVENTS, EVENT_KINDS } from '../../nodes/LoyaltyPromotions/trigger/events';
import { ACTION_NODE_TYPE, NODE_TYPES, TRIGGER_NODE_TYPE } from '../harness/types.cjs';

// lodash's lowerCase, as n8n's editor uses it (n8n-workflow brings lodash)
const lowerCase = require('lodash/lowerCase') as (text: string) => string;

describe('trigger description', () => {
	const node = new LoyaltyPromotionsTrigger();
	const { description } = node;

	it('follows the trigger conventions', () => {
		expect(description.name).toBe('loyaltyPromotionsTrigger');
		expect(description.displayName).toBe('Loyalty Promotions Trigger');
		expect(description.group).toEqual(['trigger']);
		expect(description.inputs).toEqual([]);
		expect(description.outputs).toEqual(['main']);
		expect(description.usableAsTool).toBeUndefined();
		expect(description.icon).toEqual({ light: 'file:loyaltyPromotions.svg', dark: 'file:loyaltyPromotions.dark.svg' });
		expect(description.credentials).toEqual([{ name: 'loyaltyPromotionsManagementApi', required: true }]);
		// responseData '' lets n8n answer with the node's {"received":true} (left out, n8n answers "firstEntryJson").
		expect(description.webhooks).toEqual([
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', responseData: '', path: 'webhook' },
		]);
		expect(Object.keys(node.webhookMethods.default).sort()).toEqual(['checkExists', 'create', 'delete']);
		expect(NODE_TYPES[TRIGGER_NODE_TYPE]).toBeInstanceOf(LoyaltyPromotionsTrigger);
	});

	it('offers every event kind plus All Events', () => {
		const events = description.properties.find((p) => p.name === 'events')!;
		expect(events.type).toBe('multiOptions');
		expect(events.default).toEqual([]);
		const values = (events.options as Array<{ value: string }>).map((o) => o.value);
		expect(values).toContain(ALL_EVENTS);
		expect(values.filter((v) => v !== ALL_EVENTS).sort()).toEqual([...EVENT_KINDS].sort());
	});

	it('has the project and the options', () => {
		const project = description.properties.find((p) => p.name === 'projectId')!;
		expect(project.default).toBe('');
		const options = description.properties.find((p) => p.name === 'options')!;
		const byName = Object.fromEntries((options.options as Array<{ name: string; default: unknown }>).map((o) => [o.name, o.default]));
		expect(byName).toEqual({ ignoreRepeatedDeliveries: true, output: 'delivery', verifySignature: true });
	});

	it('warns in the panel only while Verify Signature is off', () => {
		const notice = description.properties.find((p) => p.type === 'notice')!;
		expect(notice.displayName).toMatch(/^Verify Signature is off: anyone who learns this webhook URL can start the workflow/);
		const shown = (parameters: INodeParameters) => NodeHelpers.displayParameter(parameters, notice, null, null);
		expect(shown({ events: ['*'], options: { verifySignature: false } })).toBe(true);
		expect(shown({ events: ['*'], options: { verifySignature: true } })).toBe(false);
		expect(shown({ events: ['*'], options: {} })).toBe(false);
		expect(shown({ events: ['*'] })).toBe(false);
	});

	it('names no dotted parameter of its own level in a display condition (n8n-workflow up to 2.34.0 cannot order it)', () => {
		// Older n8n-workflow orders parameters by their display dependencies and gives up ("Max iterations reached")
		// on a name it cannot find at that level, such as 'options.verifySignature'; a root path '/…' it skips.
		type Described = { description: { properties: unknown[] } };
		const descriptions = Object.values(NODE_TYPES).flatMap((type): Array<{ properties: unknown[] }> => {
			const versions = (type as { nodeVersions?: Record<string, Described> }).nodeVersions;
			return versions ? Object.values(versions).map((v) => v.description) : [(type as unknown as Described).description];
		});
		const offending: string[] = [];
		const walk = (props: unknown[], where: string) => {
			for (const prop of props as Array<{ name?: string; displayOptions?: Record<string, Record<string, unknown>>; options?: unknown[]; values?: unknown[] }>) {
				for (const rule of Object.values(prop.displayOptions ?? {})) {
					for (const key of Object.keys(rule ?? {})) if (key.includes('.') && !key.startsWith('/')) offending.push(`${where}${prop.name}: ${key}`);
				}
				if (Array.isArray(prop.options)) walk(prop.options, `${where}${prop.name}.`);
				if (Array.isArray(prop.values)) walk(prop.values, `${where}${prop.name}.`);
			}
		};
		for (const d of descriptions) walk(d.properties, '');
		expect(descriptions.length).toBeGreaterThan(1);
		expect(offending).toEqual([]);
	});

	it('says what Verify Signature and Ignore Repeated Deliveries hold', () => {
		const options = description.properties.find((p) => p.name === 'options')!.options as Array<{ name: string; description: string }>;
		const text = Object.fromEntries(options.map((o) => [o.name, o.description]));
		expect(text.verifySignature).toContain('cannot be activated without that secret');
		expect(text.ignoreRepeatedDeliveries).toContain('remembered for 7 days, at most the last 2,000');
	});

	/**
	 * The words of a text as a reader meets them: the service's keys (dotted identifiers such as
	 * customer.created, shown so that typing one finds its option) are names, not words.
	 */
	const wordsOf = (text: string) =>
		text
			.replace(/\(?[a-z_]+(\.[a-z_]+)+\)?/g, ' ')
			.toLowerCase()
			.split(/[^a-z0-9]+/)
			.filter(Boolean);
	const repeated = (text: string) => wordsOf(text).filter((word, index, words) => words.indexOf(word) !== index);

	describe("each event as the editor shows it (n8n 2.41's nodes panel and Events list)", () => {
		const events = description.properties.find((p) => p.name === 'events')!;
		const options = events.options as Array<{ name: string; value: string; action?: string; description?: string }>;
		/**
		 * The nodes panel's trigger actions (actionsGenerator in 2.41): one per option of the property displayed as
		 * Event, Events or Trigger On whose name is not '*' or blank, named by the option's action or else
		 * "On " + lodash's lowerCase of its name with dots as spaces; the option's description under it.
		 */
		const panelActions = options
			.filter((option) => !['*', '', ' '].includes(option.name))
			.map((option) => ({
				option,
				name: option.action ?? `On ${lowerCase(option.name.split('.').join(' '))}`,
				description: option.description ?? '',
			}));

		it('takes the Events parameter as the one the nodes panel reads', () => {
			expect(['event', 'events', 'trigger on']).toContain(events.displayName.toLowerCase());
			expect(panelActions).toHaveLength(EVENT_KINDS.length + 1);
			// without its own action name the panel would repeat the label in the key's words
			expect(`On ${lowerCase('Customer: Created (customer.created)'.split('.').join(' '))}`).toBe('On customer created customer created');
		});

		it.each(panelActions.map((action) => [action.option.value, action] as const))('%s: no shown text repeats its words', (_value, action) => {
			const name = action.option.name.replace(/ \([a-z_.]+\)$/, '');
			for (const text of [name, action.name, action.description, `${name} ${action.description}`, `${action.name} ${action.description}`]) {
				expect({ text, repeated: repeated(text) }).toEqual({ text, repeated: [] });
			}
			expect(action.name).toMatch(/^On [a-z ]+$/);
			const names = panelActions.map((other) => other.name);
			expect(names.filter((other) => other === action.name)).toHaveLength(1);
		});
	});

	it("gives the nodes panel's one entry for the action node and the trigger the action node's words first", () => {
		// n8n 2.41's nodes panel (generateMergedNodesAndActions) lists a trigger named <action node>Trigger under
		// the action node's entry, with the actions of both, and gives that entry the trigger's description
		const action = NODE_TYPES[ACTION_NODE_TYPE].description;
		expect(`${action.name}Trigger`).toBe(description.name);
		expect(description.description.startsWith(action.description)).toBe(true);
		expect(description.description).toMatch(/webhook events$/);
		expect(description.description).not.toMatch(/^Starts the workflow/);
	});

	it('has a codex file naming the node', () => {
		const codex = JSON.parse(
			readFileSync(join(__dirname, '../../nodes/LoyaltyPromotions/LoyaltyPromotionsTrigger.node.json'), 'utf8'),
		);
		expect(codex).toMatchObject({ node: TRIGGER_NODE_TYPE, nodeVersion: '1.0', codexVersion: '1.0' });
		expect(codex.categories.length).toBeGreaterThan(0);
		expect(codex.resources.primaryDocumentation[0].url).toMatch(/^https:\/\//);
	});
});
