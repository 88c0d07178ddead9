import { readFileSync } from 'fs';
import { join } from 'path';
import { NodeHelpers, type INodeParameters } from 'n8n-workflow';
import { LoyaltyPromotionsTrigger } from '../../nodes/LoyaltyPromotions/LoyaltyPromotionsTrigger.node';
import { ALL_EVENTS, EVENT_KINDS } from '../../nodes/LoyaltyPromotions/trigger/events';
import { NODE_TYPES, TRIGGER_NODE_TYPE } from '../harness/types.cjs';

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

	it('has a codex file naming the node', () => {
		const codex = JSON.parse(
			readFileSync(join(__dirname, '../../nodes/LoyaltyPromotions/LoyaltyPromotionsTrigger.node.json'), 'utf8'),
		);
		expect(codex).toMatchObject({ node: TRIGGER_NODE_TYPE, nodeVersion: '1.0', codexVersion: '1.0' });
		expect(codex.categories.length).toBeGreaterThan(0);
		expect(codex.resources.primaryDocumentation[0].url).toMatch(/^https:\/\//);
	});
});
