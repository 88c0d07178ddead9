import type { ICredentialDataDecryptedObject } from 'n8n-workflow';
import type { RunningEmulator } from '../emulator/index.cjs';

/** The four credentials as a user would fill them in to point at the emulator (Cluster: Custom URL). */
export function credentialsFor(emulator: Pick<RunningEmulator, 'baseUrl' | 'credentials'>) {
	const location = { cluster: 'custom', baseUrl: emulator.baseUrl };
	const { appId, appToken, managementId, managementToken, projectId, webhookSecret, serviceKeyId, serviceKeySecret } = emulator.credentials;
	return {
		loyaltyPromotionsAppApi: { appId, appToken, ...location },
		loyaltyPromotionsManagementApi: { managementId, managementToken, projectId, webhookSecret, ...location },
		loyaltyPromotionsOAuth2Api: { appId, appToken, scopes: ['api'], accessToken: '', ...location },
		loyaltyPromotionsOAuthServiceKeyApi: { clientId: serviceKeyId, clientSecret: serviceKeySecret, projectId, scopes: 'vouchers.read', accessToken: '', ...location },
	} satisfies Record<string, ICredentialDataDecryptedObject>;
}
