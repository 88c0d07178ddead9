/**
 * The workflows the real-n8n bench runs: a Manual Trigger, a Code node generating N SKUs, then one way of
 * upserting them — n8n's HTTP Request node (its default: every item at once), Loop Over Items batches of 8 into
 * the HTTP Request node, or this package's SKU → Create or Update at a given Concurrency.
 */
export const PRODUCT_ID = 'prod_0000000000001';
export const GENERATE = 'Generate SKUs';
const TRIGGER = 'Start';

export interface Target {
	baseUrl: string;
	appId: string;
	appToken: string;
}

type Node = Record<string, unknown> & { name: string };

function base(id: string, name: string, count: number, nodes: Node[], connections: Record<string, unknown>) {
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
				parameters: { jsCode: `return Array.from({ length: ${count} }, (_, i) => ({ json: { sourceId: 'bench-sku-' + i } }));` },
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
			jsonBody: '={{ JSON.stringify({ source_id: $json.sourceId }) }}',
			options: {},
		},
	};
}

/** GENERATE → HTTP Request (default options: no batching, every item in flight at once). */
export function httpRequestWorkflow(id: string, count: number, target: Target) {
	return {
		workflow: base(id, `bench: HTTP Request, ${count}`, count, [httpRequestNode(id, target, [400, 0])], {
			[GENERATE]: { main: [[{ node: 'HTTP Request', type: 'main', index: 0 }]] },
		}),
		countNode: 'HTTP Request',
	};
}

/** GENERATE → Loop Over Items (batches of `batch`) → HTTP Request → back to the loop. */
export function loopWorkflow(id: string, count: number, target: Target, batch: number) {
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
		}),
		countNode: 'Loop Over Items',
	};
}

/** GENERATE → Loyalty Promotions, SKU → Create or Update at `concurrency`, with the app-keys credential `credentialId`. */
export function nodeWorkflow(id: string, count: number, concurrency: number, credentialId: string) {
	const node: Node = {
		id: `${id}-n`,
		name: 'Loyalty Promotions',
		type: 'n8n-nodes-loyalty-promotions.loyaltyPromotions',
		typeVersion: 1,
		position: [400, 0],
		parameters: {
			resource: 'sku',
			operation: 'upsert',
			authentication: 'appKeys',
			productId: PRODUCT_ID,
			sourceId: '={{ $json.sourceId }}',
			additionalFields: {},
			options: { concurrency },
		},
		credentials: { loyaltyPromotionsAppApi: { id: credentialId, name: 'Loyalty Promotions App Keys (bench)' } },
	};
	return {
		workflow: base(id, `bench: Loyalty Promotions C${concurrency}, ${count}`, count, [node], {
			[GENERATE]: { main: [[{ node: 'Loyalty Promotions', type: 'main', index: 0 }]] },
		}),
		countNode: 'Loyalty Promotions',
	};
}
