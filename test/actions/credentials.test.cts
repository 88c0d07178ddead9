import type { ICredentialDataDecryptedObject, INodeParameters } from 'n8n-workflow';
import { CREDENTIAL_NAMES } from '../../nodes/LoyaltyPromotions/actions/types';
import { FIXTURES } from '../emulator/index.cjs';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import { CREDENTIAL_TYPES } from '../harness/types.cjs';
import { useEmulator } from './v2/helpers.cjs';

/**
 * A workflow imported or built by an AI agent can carry a credential the resource cannot use, or a hidden
 * Authentication value left from another resource. n8n then says "Node does not have any credentials set" or
 * "Credentials not found", or the wrong keys reach the service and its 401 blames the keys. The node says
 * instead which credential the resource needs, before anything is sent. Through n8n's engine, with only the
 * credentials given attached to the node.
 */

const ctx = useEmulator();

function only(...types: Array<keyof ReturnType<typeof credentialsFor>>): Record<string, ICredentialDataDecryptedObject> {
	const all = credentialsFor(ctx.emu);
	return Object.fromEntries(types.map((type) => [type, all[type]]));
}

async function refusal(parameters: INodeParameters, credentials: Record<string, ICredentialDataDecryptedObject>) {
	const result = await ctx.run(parameters, { credentials });
	expect(result.items).toEqual([]);
	expect(ctx.emu.control.requests()).toEqual([]);
	return { message: result.error?.message, description: result.error?.description };
}

describe('a credential the resource cannot use', () => {
	it('Webhook with an App Keys credential: names the Management credential', async () => {
		expect(await refusal({ resource: 'webhook', operation: 'getAll', returnAll: true }, only('loyaltyPromotionsAppApi'))).toEqual({
			message: 'Webhook operations use the Loyalty Promotions (Voucherify) Management API credential; choose one in Credential to connect with',
			description: 'This node has a Loyalty Promotions (Voucherify) App Keys API credential, not a Loyalty Promotions (Voucherify) Management API one. Nothing was sent to the service.',
		});
	});

	it('Program with Authentication OAuth Token but only a Management credential: names the OAuth2 credential', async () => {
		const parameters = { resource: 'program', operation: 'update', programId: FIXTURES.programDraft, updateFields: { name: 'x' } };
		expect(await refusal(parameters, only('loyaltyPromotionsManagementApi'))).toMatchObject({
			message: 'Program operations with Authentication "OAuth Token" use the Loyalty Promotions (Voucherify) OAuth2.0 API credential; choose one in Credential to connect with',
		});
	});

	it('Category with Authentication set to OAuth Token but only an App Keys credential: names the OAuth2 credential', async () => {
		expect(await refusal({ resource: 'category', operation: 'getAll', authentication: 'oAuth2', returnAll: true }, only('loyaltyPromotionsAppApi'))).toMatchObject({
			message: 'Category operations with Authentication "OAuth Token" use the Loyalty Promotions (Voucherify) OAuth2.0 API credential; choose one in Credential to connect with',
		});
	});

	it('no credential at all', async () => {
		expect(await refusal({ resource: 'category', operation: 'getAll', returnAll: true }, {})).toEqual({
			message: 'Category operations with Authentication "App Keys" use the Loyalty Promotions (Voucherify) App Keys API credential; choose one in Credential to connect with',
			description: 'This node has no credential. Nothing was sent to the service.',
		});
	});
});

describe('a hidden Authentication value left from another resource', () => {
	it('Webhook with Authentication "appKeys" (and an App Keys credential) is refused instead of meeting a misleading 401', async () => {
		const { message, description } = await refusal(
			{ resource: 'webhook', operation: 'getAll', authentication: 'appKeys', returnAll: true },
			only('loyaltyPromotionsAppApi', 'loyaltyPromotionsManagementApi'),
		);
		expect(message).toBe('Webhook operations use the Loyalty Promotions (Voucherify) Management API credential; choose one in Credential to connect with');
		expect(description).toMatch(/^This node is set to the Loyalty Promotions \(Voucherify\) App Keys API credential \(its "authentication" parameter is "appKeys"\)/);
		expect(description).toMatch(/Nothing was sent to the service\.$/);
	});

	it('SKU with Authentication "managementKeys" names both credentials it can use', async () => {
		const { message } = await refusal(
			{ resource: 'sku', operation: 'update', authentication: 'managementKeys', productId: FIXTURES.productId, skuId: FIXTURES.skuId, updateFields: { sku: 'x' } },
			only('loyaltyPromotionsManagementApi'),
		);
		expect(message).toBe(
			'SKU operations use the Loyalty Promotions (Voucherify) App Keys API or the Loyalty Promotions (Voucherify) OAuth2.0 API or the Loyalty Promotions (Voucherify) OAuth Service Key API credential; choose one in Credential to connect with',
		);
	});
});

it('the right credential still works, whatever else is attached', async () => {
	const { error, items } = await ctx.run({ resource: 'webhook', operation: 'getAll', returnAll: true }, { credentials: only('loyaltyPromotionsAppApi', 'loyaltyPromotionsManagementApi') });
	expect(error).toBeUndefined();
	expect(items.length).toBeGreaterThanOrEqual(0);
	expect(ctx.emu.control.requests()).toHaveLength(1);
});

it("the credential names in errors are the credentials' display names", () => {
	for (const [type, name] of Object.entries(CREDENTIAL_NAMES)) expect(CREDENTIAL_TYPES[type].displayName).toBe(name);
});
