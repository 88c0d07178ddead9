/**
 * Small workflows the e2e suite runs besides the examples, so that every credential type and authentication
 * is exercised in real n8n: the management credential on a management operation, and a v1 operation with the
 * OAuth Token authentication (the OAuth2 credential).
 */

const LP = 'n8n-nodes-loyalty-promotions.loyaltyPromotions';
const manual = { id: 'e2e-manual', name: 'Manual', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} };

function single(id: string, name: string, node: Record<string, unknown>) {
	return {
		id,
		name,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [manual, { id: `${id}-node`, typeVersion: 1, position: [220, 0], type: LP, ...node }],
		connections: { Manual: { main: [[{ node: node.name, type: 'main', index: 0 }]] } },
	};
}

export const MANAGEMENT_WORKFLOW = single('e2eMgmtSchemas001', 'e2e: custom event schemas (management)', {
	name: 'Schemas',
	parameters: { resource: 'customEventSchema', operation: 'getAll', returnAll: true, options: {} },
	credentials: { loyaltyPromotionsManagementApi: { id: 'lp-management', name: 'Loyalty Promotions Management (demo)' } },
});

export const OAUTH_V1_WORKFLOW = single('e2eOAuthCategory1', 'e2e: categories (v1 with OAuth)', {
	name: 'Categories',
	parameters: { resource: 'category', authentication: 'oAuth2', operation: 'getAll', returnAll: true, options: {} },
	credentials: { loyaltyPromotionsOAuth2Api: { id: 'lp-oauth', name: 'Loyalty Promotions OAuth2 (demo)' } },
});

export const APP_KEYS_WRONG_WORKFLOW = single('e2eAppKeysWrong01', 'e2e: categories (wrong app keys)', {
	name: 'Categories',
	parameters: { resource: 'category', operation: 'getAll', returnAll: true, options: {} },
	credentials: { loyaltyPromotionsAppApi: { id: 'lp-app-wrong', name: 'wrong app keys' } },
});

/** Export → Download in real n8n (its binary data store), read back by n8n's own Extract From File. */
export const EXPORT_DOWNLOAD_WORKFLOW = {
	id: 'e2eExportDownload1',
	name: 'e2e: export download (binary file)',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		manual,
		{
			id: 'e2eExportDownload1-node',
			name: 'Download Export',
			type: LP,
			typeVersion: 1,
			position: [220, 0],
			parameters: { resource: 'export', operation: 'download', exportId: { __rl: true, mode: 'id', value: 'exp_0000000000001' }, binaryPropertyName: 'file', options: {} },
			credentials: { loyaltyPromotionsAppApi: { id: 'lp-app', name: 'Loyalty Promotions App Keys (demo)' } },
		},
		{
			id: 'e2eExportDownload1-extract',
			name: 'Read CSV',
			type: 'n8n-nodes-base.extractFromFile',
			typeVersion: 1.1,
			position: [440, 0],
			parameters: { operation: 'csv', binaryPropertyName: 'file', options: {} },
		},
	],
	connections: {
		Manual: { main: [[{ node: 'Download Export', type: 'main', index: 0 }]] },
		'Download Export': { main: [[{ node: 'Read CSV', type: 'main', index: 0 }]] },
	},
};
