import type { ICredentialType, INodeType } from 'n8n-workflow';
import { LoyaltyPromotionsAppApi } from '../../credentials/LoyaltyPromotionsAppApi.credentials';
import { LoyaltyPromotionsManagementApi } from '../../credentials/LoyaltyPromotionsManagementApi.credentials';
import { LoyaltyPromotionsOAuth2Api } from '../../credentials/LoyaltyPromotionsOAuth2Api.credentials';
import { LoyaltyPromotions } from '../../nodes/LoyaltyPromotions/LoyaltyPromotions.node';
import { LoyaltyPromotionsTrigger } from '../../nodes/LoyaltyPromotions/LoyaltyPromotionsTrigger.node';
import { FixtureInput, CredentialProbe } from './testNodes';

export const PACKAGE = 'n8n-nodes-loyalty-promotions';
export const ACTION_NODE_TYPE = `${PACKAGE}.loyaltyPromotions`;
export const TRIGGER_NODE_TYPE = `${PACKAGE}.loyaltyPromotionsTrigger`;

export const CREDENTIAL_TYPES: Record<string, ICredentialType> = {
	loyaltyPromotionsAppApi: new LoyaltyPromotionsAppApi(),
	loyaltyPromotionsManagementApi: new LoyaltyPromotionsManagementApi(),
	loyaltyPromotionsOAuth2Api: new LoyaltyPromotionsOAuth2Api(),
};

/** Node types the harness can run, by their workflow type names. Extend with registerNodeType(). */
export const NODE_TYPES: Record<string, INodeType> = {
	[ACTION_NODE_TYPE]: new LoyaltyPromotions(),
	[TRIGGER_NODE_TYPE]: new LoyaltyPromotionsTrigger(),
	'test.fixtureInput': new FixtureInput(),
	'test.credentialProbe': new CredentialProbe(),
};

export function registerNodeType(name: string, type: INodeType): void {
	NODE_TYPES[name] = type;
}
