import { NodeHelpers, type ICredentialType, type INodeParameters, type INodeType, type IVersionedNodeType } from 'n8n-workflow';
import { LoyaltyPromotionsAppApi } from '../../credentials/LoyaltyPromotionsAppApi.credentials';
import { LoyaltyPromotionsManagementApi } from '../../credentials/LoyaltyPromotionsManagementApi.credentials';
import { LoyaltyPromotionsOAuth2Api } from '../../credentials/LoyaltyPromotionsOAuth2Api.credentials';
import { LoyaltyPromotionsOAuthServiceKeyApi } from '../../credentials/LoyaltyPromotionsOAuthServiceKeyApi.credentials';
import { LoyaltyPromotions } from '../../nodes/LoyaltyPromotions/LoyaltyPromotions.node';
import { LoyaltyPromotionsTrigger } from '../../nodes/LoyaltyPromotions/LoyaltyPromotionsTrigger.node';
import { FixtureInput, CredentialProbe } from './testNodes.cjs';

export const PACKAGE = 'n8n-nodes-loyalty-promotions';
export const ACTION_NODE_TYPE = `${PACKAGE}.loyaltyPromotions`;
export const TRIGGER_NODE_TYPE = `${PACKAGE}.loyaltyPromotionsTrigger`;

export const CREDENTIAL_TYPES: Record<string, ICredentialType> = {
	loyaltyPromotionsAppApi: new LoyaltyPromotionsAppApi(),
	loyaltyPromotionsManagementApi: new LoyaltyPromotionsManagementApi(),
	loyaltyPromotionsOAuth2Api: new LoyaltyPromotionsOAuth2Api(),
	loyaltyPromotionsOAuthServiceKeyApi: new LoyaltyPromotionsOAuthServiceKeyApi(),
};

/** Node types the harness can run, by their workflow type names. Extend with registerNodeType(). */
export const NODE_TYPES: Record<string, INodeType | IVersionedNodeType> = {
	[ACTION_NODE_TYPE]: new LoyaltyPromotions(),
	[TRIGGER_NODE_TYPE]: new LoyaltyPromotionsTrigger(),
	'test.fixtureInput': new FixtureInput(),
	'test.credentialProbe': new CredentialProbe(),
};

export function registerNodeType(name: string, type: INodeType | IVersionedNodeType): void {
	NODE_TYPES[name] = type;
}

/** The version a new node of this type gets in the editor: the versioned node's default, else 1. */
export function latestVersion(typeName: string): number {
	const type = NODE_TYPES[typeName];
	return type && 'nodeVersions' in type ? type.currentVersion : 1;
}

/** The node type's implementation for one version, as n8n's NodeTypes gives it. */
export function nodeTypeFor(typeName: string, version?: number): INodeType {
	const type = NODE_TYPES[typeName];
	if (!type) throw new Error(`Unknown node type ${typeName}`);
	return NodeHelpers.getVersionedNodeType(type, version ?? latestVersion(typeName)) as INodeType;
}

/**
 * The action node's parameters as a test writes them, for `version`: from version 2 on Authentication is the
 * user's first choice, so a test that names none gets the one its resource uses by default.
 */
export function withAuthentication(typeName: string, parameters: INodeParameters, version: number, defaultFor: (resource: string) => string | undefined): INodeParameters {
	if (typeName !== ACTION_NODE_TYPE || version < 2 || parameters.authentication !== undefined) return parameters;
	const authentication = defaultFor(String(parameters.resource ?? ''));
	return authentication ? { authentication, ...parameters } : parameters;
}
