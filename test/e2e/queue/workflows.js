/**
 * The workflows the queue-mode suite (and `npm run demo -- --queue`) runs, built from the examples so the work is
 * the examples' own: the Loyalty Events trigger as it ships, and the scheduled SKU sync's upsert and summary
 * nodes behind a Webhook trigger (so that a POST to the webhook process puts a run on the queue) and a source
 * that generates `count` SKUs named `<prefix>-<n>` (from the POST body); and an OAuth workflow that makes one
 * bearer-authenticated request per item.
 */
'use strict';
const { example, goLive } = require('../examples');

const LOYALTY_EVENTS = goLive(example('loyalty-events.json').workflow);
const TRIGGER_NODE = LOYALTY_EVENTS.nodes.find((n) => n.type === 'n8n-nodes-loyalty-promotions.loyaltyPromotionsTrigger');

const SKU_EXAMPLE = example('scheduled-sku-sync.json').workflow;
const UPSERT = SKU_EXAMPLE.nodes.find((n) => n.name === 'Create or Update SKU');
const SUMMARY = SKU_EXAMPLE.nodes.find((n) => n.name === 'Summary');

/** The source: `count` SKUs (default 2,000) with source ids `<prefix>-<n>`, as the example's sample source shapes them. */
const SOURCE_CODE = `const body = $input.first().json.body || {};
const count = Number(body.count || 2000);
const prefix = String(body.prefix || 'queue');
const products = ["prod_0000000000001", "prod_0000000000002"];
const colors = ["Red", "Green", "Blue", "Black", "White"];
const sizes = ["XS", "S", "M", "L", "XL", "XXL"];
const items = [];
for (let i = 1; i <= count; i++) {
  const color = colors[i % colors.length];
  const size = sizes[Math.floor(i / colors.length) % sizes.length];
  items.push({ json: {
    productId: products[i % products.length],
    sourceId: \`\${prefix}-\${String(i).padStart(5, "0")}\`,
    name: \`Queue T-shirt \${color} \${size} #\${i}\`,
    price: 9.99 + (i % 20),
    currency: "EUR",
    attributes: { color, size },
  } });
}
return items;`;

/** Webhook trigger (POST; answers with the execution id once the run is queued) → Source Products → the chain. */
/** @returns {{id: string, name: string, path: string, workflow: object}} POST <webhook URL>/webhook/<path> {count, prefix} starts a run */
function webhookWorkflow({ id, name, path, webhookId, chain }) {
	const nodes = [
		{
			id: `${id}-hook`,
			name: 'Start Sync',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			position: [0, 100],
			webhookId,
			// answers once the run is queued, with its execution id: `{"executionId":"<id>"}`
			parameters: {
				httpMethod: 'POST',
				path,
				responseMode: 'onReceived',
				options: { responseData: '={{ JSON.stringify({ executionId: $execution.id }) }}' },
			},
		},
		{
			id: `${id}-source`,
			name: 'Source Products',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			position: [240, 100],
			parameters: { jsCode: SOURCE_CODE },
		},
		...chain,
	];
	const connections = {};
	for (let i = 0; i < nodes.length - 1; i++) connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	return { id, name, path, workflow: { id, name, active: false, settings: { executionOrder: 'v1' }, nodes, connections } };
}

/** The example's SKU upsert (App Keys, Concurrency 8) and summary behind a Webhook trigger. */
const SKU_SYNC = webhookWorkflow({
	id: 'lpQueueSkuSync001',
	name: 'Queue: bulk SKU sync (webhook)',
	path: 'lp-queue-sku-sync',
	webhookId: '9c0d7a52-1b3e-4f60-8a71-2c4e5f6a7b01',
	chain: [UPSERT, SUMMARY],
});

/** The same sync with Concurrency Auto, as a node added today runs it: several of it share one account's limit. */
const SKU_SYNC_AUTO = webhookWorkflow({
	id: 'lpQueueSkuAuto001',
	name: 'Queue: SKU sync, Concurrency Auto (webhook)',
	path: 'lp-queue-sku-auto',
	webhookId: '9c0d7a52-1b3e-4f60-8a71-2c4e5f6a7b03',
	chain: [
		{ ...UPSERT, id: 'lpQueueSkuAuto001-upsert', parameters: { ...UPSERT.parameters, options: { concurrency: 'auto' } } },
		{ ...SUMMARY, id: 'lpQueueSkuAuto001-summary' },
	],
});

/**
 * One OAuth request per source item, 8 in flight: Category → Get Many (limit 1) with the OAuth2 credential, whose
 * endpoint checks the bearer token (the emulator's v1 SKU endpoint only checks app keys). Count sums up.
 */
const OAUTH_LOOKUPS = webhookWorkflow({
	id: 'lpQueueOAuthLook1',
	name: 'Queue: lookups over OAuth (webhook)',
	path: 'lp-queue-oauth-lookups',
	webhookId: '9c0d7a52-1b3e-4f60-8a71-2c4e5f6a7b02',
	chain: [
		{
			id: 'lpQueueOAuthLook1-categories',
			name: 'Categories',
			type: 'n8n-nodes-loyalty-promotions.loyaltyPromotions',
			typeVersion: 1,
			position: [480, 100],
			parameters: { resource: 'category', authentication: 'oAuth2', operation: 'getAll', returnAll: false, limit: 1, options: { concurrency: 8 } },
			credentials: { loyaltyPromotionsOAuth2Api: { id: 'lp-oauth', name: 'Loyalty Promotions OAuth2 (demo)' } },
			onError: 'continueRegularOutput',
		},
		{
			id: 'lpQueueOAuthLook1-count',
			name: 'Summary',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			position: [720, 100],
			parameters: {
				jsCode:
					'const items = $input.all();\nconst failed = items.filter((item) => item.json.error !== undefined);\n' +
					'return [{ json: { total: items.length, failed: failed.length, errors: failed.slice(0, 5).map((item) => item.json.error) } }];',
			},
		},
	],
});

module.exports = { LOYALTY_EVENTS, TRIGGER_NODE, SKU_SYNC, SKU_SYNC_AUTO, OAUTH_LOOKUPS, UPSERT_NODE: UPSERT.name, SUMMARY_NODE: SUMMARY.name };
