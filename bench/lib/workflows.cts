/**
 * The workflows the real-n8n bench runs: a Manual Trigger, a Code node generating N SKUs of F fields each (the
 * service's field names: F = 1 source_id; 3 + sku, price; 6 + currency, image_url, metadata), then one way of
 * upserting them — n8n's HTTP Request node (its default: every item at once) with one JSON body expression, Loop
 * Over Items batches of 8 into the HTTP Request node, or this package's SKU → Create or Update at a given
 * Concurrency, each field mapped with an expression or all of them mapped automatically (Record Fields: Map
 * Automatically), in the node's latest version (what a new node is) with parameters from the tests' catalogue.
 */
import { LATEST_VERSION } from '../../nodes/LoyaltyPromotions/actions/versions';
import { RECORD_AUTO } from '../../nodes/LoyaltyPromotions/shared/mapping/parameters';
import { nodeParameters } from './parameters.cjs';

export const PRODUCT_ID = 'prod_0000000000001';
export const GENERATE = 'Generate SKUs';
const TRIGGER = 'Start';

export interface Target {
	baseUrl: string;
	appId: string;
	appToken: string;
}

type Node = Record<string, unknown> & { name: string };

/** The generated SKUs' fields, in order: the first F are set. */
const FIELDS: Array<[string, string]> = [
	['source_id', "'bench-sku-' + i"],
	['sku', "'Bench SKU ' + i"],
	['price', '(i % 100) + 1'],
	['currency', "'EUR'"],
	['image_url', "'https://example.com/sku-' + i + '.png'"],
	['metadata', "{ batch: 'b' + (i % 10) }"],
];

/** The typed parameter each field maps to when mapped by expression (SKU → Create or Update). */
const TYPED: Record<string, string> = { sku: 'sku', price: 'price', currency: 'currency', image_url: 'imageUrl', metadata: 'metadataJson' };

function base(id: string, name: string, count: number, nodes: Node[], connections: Record<string, unknown>, fields = 1) {
	const item = FIELDS.slice(0, fields).map(([key, value]) => `${key}: ${value}`).join(', ');
	return {
		id,
		name,
		active: false,
		settings: { executionOrder: 'v1', saveManualExecutions: false },
		nodes: [
			{ id: `${id}-t`, name: TRIGGER, type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{
				id: `${id}-g`,
				name: GENERATE,
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				position: [200, 0],
				parameters: { jsCode: `return Array.from({ length: ${count} }, (_, i) => ({ json: { ${item} } }));` },
			},
			...nodes,
		],
		connections: { [TRIGGER]: { main: [[{ node: GENERATE, type: 'main', index: 0 }]] }, ...connections },
	};
}

function httpRequestNode(id: string, target: Target, position: [number, number]): Node {
	return {
		id: `${id}-h`,
		name: 'HTTP Request',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		position,
		parameters: {
			method: 'POST',
			url: `${target.baseUrl}/v1/products/${PRODUCT_ID}/skus`,
			sendHeaders: true,
			headerParameters: {
				parameters: [
					{ name: 'X-App-Id', value: target.appId },
					{ name: 'X-App-Token', value: target.appToken },
				],
			},
			sendBody: true,
			specifyBody: 'json',
			jsonBody: '={{ JSON.stringify($json) }}',
			options: {},
		},
	};
}

/** GENERATE → HTTP Request (default options: no batching, every item in flight at once). */
export function httpRequestWorkflow(id: string, count: number, target: Target, fields = 1) {
	return {
		workflow: base(id, `bench: HTTP Request, ${count}`, count, [httpRequestNode(id, target, [400, 0])], {
			[GENERATE]: { main: [[{ node: 'HTTP Request', type: 'main', index: 0 }]] },
		}, fields),
		countNode: 'HTTP Request',
	};
}

/** GENERATE → Loop Over Items (batches of `batch`) → HTTP Request → back to the loop. */
export function loopWorkflow(id: string, count: number, target: Target, batch: number, fields = 1) {
	const loop: Node = {
		id: `${id}-l`,
		name: 'Loop Over Items',
		type: 'n8n-nodes-base.splitInBatches',
		typeVersion: 3,
		position: [400, 0],
		parameters: { batchSize: batch, options: {} },
	};
	return {
		workflow: base(id, `bench: Loop Over Items (${batch}) → HTTP Request, ${count}`, count, [loop, httpRequestNode(id, target, [600, 100])], {
			[GENERATE]: { main: [[{ node: 'Loop Over Items', type: 'main', index: 0 }]] },
			'Loop Over Items': { main: [[], [{ node: 'HTTP Request', type: 'main', index: 0 }]] },
			'HTTP Request': { main: [[{ node: 'Loop Over Items', type: 'main', index: 0 }]] },
		}, fields),
		countNode: 'Loop Over Items',
	};
}

/**
 * GENERATE → Loyalty Promotions, SKU → Create or Update at `concurrency`, with the app-keys credential
 * `credentialId`: each of the item's `fields` mapped with an expression (`auto` false), or all of them mapped
 * automatically (no expression at all).
 */
export function nodeWorkflow(id: string, count: number, concurrency: number | 'auto', credentialId: string, fields = 1, auto = false) {
	const mapped = FIELDS.slice(1, fields).map(([key]) => key);
	const node: Node = {
		id: `${id}-n`,
		name: 'Loyalty Promotions',
		type: 'n8n-nodes-loyalty-promotions.loyaltyPromotions',
		typeVersion: LATEST_VERSION,
		position: [400, 0],
		parameters: nodeParameters('sku.upsert', {
			productId: PRODUCT_ID,
			...(auto
				? { recordFields: RECORD_AUTO }
				: { sourceId: '={{ $json.source_id }}', additionalFields: Object.fromEntries(mapped.map((key) => [TYPED[key], `={{ $json.${key} }}`])) }),
			options: { concurrency },
		}),
		credentials: { loyaltyPromotionsAppApi: { id: credentialId, name: 'Loyalty Promotions App Keys (bench)' } },
	};
	return {
		workflow: base(id, `bench: Loyalty Promotions ${concurrency === 'auto' ? 'Concurrency Auto' : `C${concurrency}`}${auto ? ' auto' : ''}, ${fields} fields, ${count}`, count, [node], {
			[GENERATE]: { main: [[{ node: 'Loyalty Promotions', type: 'main', index: 0 }]] },
		}, fields),
		countNode: 'Loyalty Promotions',
	};
}
