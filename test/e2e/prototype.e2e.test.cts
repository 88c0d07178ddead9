/**
 * No key or path from the service reaches a prototype in a real n8n 2.41.1 (`n8n execute`): the emulator answers
 * with `__proto__`, `constructor` and `prototype` as own keys of every object (as JSON.parse makes them), the node
 * keeps Selected Fields over that answer, and the next node (a Code node) and the saving of the execution see an
 * untouched `Object.prototype`. A Selected Fields path through `__proto__` is refused before anything is sent.
 */
import { FIXTURES } from '../emulator/index.cjs';
import { nodeOutput, startStack, type Stack } from './stack.cjs';

const { CREDENTIAL_IDS } = require('./examples');

const APP = { loyaltyPromotionsAppApi: { id: CREDENTIAL_IDS.app, name: 'Loyalty Promotions App Keys (demo)' } };
const manual = { id: 'proto-manual', name: 'Manual', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} };

/** Manual → Customer Get with Selected Fields `fields` → a Code node reporting what every object inherits. */
function workflow(id: string, fields: string) {
	return {
		id,
		name: `e2e prototype: ${id}`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			manual,
			{
				id: `${id}-node`,
				name: 'Customer',
				type: 'n8n-nodes-loyalty-promotions.loyaltyPromotions',
				typeVersion: 3,
				position: [200, 0],
				parameters: { resource: 'customer', operation: 'get', customerId: { __rl: true, mode: 'id', value: FIXTURES.customerId }, output: 'selected', outputFields: fields },
				credentials: APP,
			},
			{
				id: `${id}-code`,
				name: 'Inherited',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				position: [400, 0],
				parameters: { jsCode: 'return [{ json: { inherited: ({}).polluted ?? null, keys: Object.keys($input.first().json) } }];' },
			},
		],
		connections: {
			Manual: { main: [[{ node: 'Customer', type: 'main', index: 0 }]] },
			Customer: { main: [[{ node: 'Inherited', type: 'main', index: 0 }]] },
		},
	};
}

const WORKFLOWS = {
	kept: workflow('e2eProtoKept00001', 'id, metadata, metadata.toString'),
	refused: workflow('e2eProtoRefused01', 'id, metadata.__proto__.polluted'),
};

let stack: Stack;

beforeAll(async () => {
	stack = await startStack('prototype', Object.values(WORKFLOWS));
}, 15 * 60 * 1000);

afterAll(async () => {
	await stack?.teardown();
}, 60000);

beforeEach(() => {
	stack.emulator.control.reset();
	stack.emulator.control.setFaults({ hostileKeys: true });
});

test('an answer holding __proto__, constructor and prototype: Selected Fields keep its data, and the next node sees Object.prototype untouched', async () => {
	const result = await stack.n8n.execute(WORKFLOWS.kept.id, { timeoutMs: 150000 });
	expect(result?.data?.resultData?.error).toBeUndefined();
	expect(nodeOutput(result, 'Customer')).toEqual([expect.objectContaining({ id: FIXTURES.customerId })]);
	expect(nodeOutput(result, 'Inherited')).toEqual([{ inherited: null, keys: ['id', 'metadata'] }]);
}, 200000);

test('a Selected Fields path through __proto__ is refused before anything is sent', async () => {
	const result = await stack.n8n.execute(WORKFLOWS.refused.id, { timeoutMs: 150000 });
	const error = result?.data?.resultData?.error ?? {};
	expect([error.node?.name, error.message]).toEqual([
		'Customer',
		'Fields: "metadata.__proto__.polluted": "__proto__" cannot be kept: n8n drops keys named __proto__, constructor, prototype from every item',
	]);
	expect(stack.emulator.control.requests()).toEqual([]);
}, 200000);
