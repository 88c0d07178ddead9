import type { ICredentialDataDecryptedObject } from 'n8n-workflow';
import type { RunningEmulator } from '../emulator/index.cjs';

/** The three credentials as a user would fill them in to point at the emulator (Cluster: Custom URL). */
export function credentialsFor(emulator: Pick<RunningEmulator, 'baseUrl' | 'credentials'>) {
	const location = { cluster: 'custom', baseUrl: emulator.baseUrl };
	const { appId, appToken, managementId, managementToken, projectId, webhookSecret } = emulator.credentials;
	return {
		loyaltyPromotionsAppApi: { appId, appToken, ...location },
		loyaltyPromotionsManagementApi: { managementId, managementToken, projectId, webhookSecret, ...location },
		loyaltyPromotionsOAuth2Api: { appId, appToken, scopes: ['api'], accessToken: '', ...location },
	} satisfies Record<string, ICredentialDataDecryptedObject>;
}
