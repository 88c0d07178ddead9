/**
 * Redaction covers every form a secret is sent or echoed in: a credential value with spaces, a tab or a line
 * break around it (sent trimmed), and the trimmed value URL-encoded, form-encoded, JSON-escaped, in base64 (alone
 * and as `id:secret`) and in another case. Each case runs the action node through n8n's engine against the
 * emulator, checks that the answer did repeat the secret (the run shows "[redacted]") and that no form of it shows.
 */
import type { ICredentialDataDecryptedObject, INodeParameters } from 'n8n-workflow';
import { FIXTURES } from '../emulator/index.cjs';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import { testCredential, type RunNodeResult } from '../harness/runWorkflow.cjs';
import { secretForms, SecretSet } from '../../nodes/LoyaltyPromotions/transport/redact';
import { useEmulator } from '../actions/v2/helpers.cjs';

const ctx = useEmulator();

/** Everything a run shows: output items, and the error as thrown, stored and serialised. */
function shown(result: RunNodeResult): string {
	const error = result.error as (Error & { toJSON?: () => unknown; messages?: unknown; description?: string; context?: unknown }) | undefined;
	const withoutParameters = (key: string, value: unknown) => (key === 'parameters' ? undefined : value);
	return JSON.stringify([result.items, error, error?.message, error?.description, error?.context, error?.messages, error?.stack, error?.toJSON?.(), result.run], withoutParameters);
}

/** The forms a leak could take, none of which may show (checked case-insensitively). */
function leaks(text: string, secret: string, owner?: string): string[] {
	const lower = text.toLowerCase();
	return secretForms(secret, owner).filter((form) => form.trim().length >= 8 && lower.includes(form.toLowerCase()));
}

const customerGet = { resource: 'customer', operation: 'get', customerId: FIXTURES.customerId, output: 'raw' };
const schemas = { resource: 'customEventSchema', operation: 'getAll', returnAll: true };
const app = () => credentialsFor(ctx.emu).loyaltyPromotionsAppApi;
const management = () => credentialsFor(ctx.emu).loyaltyPromotionsManagementApi;

describe('a credential value with spaces around it', () => {
	const padded: Array<[string, (token: string) => string]> = [
		['a trailing space', (token) => `${token} `],
		['a trailing tab', (token) => `${token}\t`],
		['a trailing line break', (token) => `${token}\n`],
		['a trailing CRLF', (token) => `${token}\r\n`],
		['leading spaces', (token) => `   ${token}`],
		['spaces on both sides', (token) => `  ${token}  `],
	];

	it.each(padded)('App Keys with %s: sent trimmed, and every echo of it redacted', async (_name, pad) => {
		const appToken = pad(ctx.emu.credentials.appToken);
		ctx.emu.control.setFaults({ route: '/v1/customers', echoSecrets: true });
		const result = await ctx.run(customerGet, { credentials: { ...credentialsFor(ctx.emu), loyaltyPromotionsAppApi: { ...app(), appToken } } });
		expect(result.error).toBeUndefined();
		const text = shown(result);
		expect(text).toContain('[redacted]');
		expect(text).not.toContain(ctx.emu.credentials.appToken);
		expect(ctx.emu.control.requests({ path: '/v1/customers' }).length).toBe(1);
	});

	it.each(padded)('App Keys with %s: a refused key is redacted in the 401 that repeats it', async (_name, pad) => {
		const appToken = pad('wrong-app-token-padded-6b1f');
		ctx.emu.control.setFaults({ route: '/v1/customers', echoSecrets: true });
		const result = await ctx.run(customerGet, { credentials: { ...credentialsFor(ctx.emu), loyaltyPromotionsAppApi: { ...app(), appToken } } });
		expect(result.error?.httpCode).toBe('401');
		const text = shown(result);
		expect(text).toContain('[redacted]');
		expect(text).not.toContain('wrong-app-token-padded-6b1f');
	});

	it.each(padded)('a Management Token with %s: sent trimmed, and every echo of it redacted', async (_name, pad) => {
		const managementToken = pad(ctx.emu.credentials.managementToken);
		ctx.emu.control.setFaults({ route: '/custom-event-schemas', echoSecrets: true });
		const result = await ctx.run(schemas, { credentials: { ...credentialsFor(ctx.emu), loyaltyPromotionsManagementApi: { ...management(), managementToken } } });
		expect(result.error).toBeUndefined();
		const text = shown(result);
		expect(text).toContain('[redacted]');
		expect(text).not.toContain(ctx.emu.credentials.managementToken);
	});

	it.each(padded)('OAuth2 with %s in its Secret Key: the token is bought with the trimmed keys', async (_name, pad) => {
		const appToken = pad(ctx.emu.credentials.appToken);
		ctx.emu.control.setFaults({ route: '/v1/oauth/token', echoSecrets: true });
		const result = await ctx.run(
			{ resource: 'oAuthToken', operation: 'create', scopes: ['api'] },
			{ credentials: { ...credentialsFor(ctx.emu), loyaltyPromotionsAppApi: { ...app(), appToken } } },
		);
		expect(result.error).toBeUndefined();
		expect(shown(result)).not.toContain(ctx.emu.credentials.appToken);
	});

	it.each([
		['loyaltyPromotionsAppApi', () => ({ ...app(), appToken: `${ctx.emu.credentials.appToken}\n`, appId: ` ${ctx.emu.credentials.appId} ` })],
		['loyaltyPromotionsManagementApi', () => ({ ...management(), managementToken: `${ctx.emu.credentials.managementToken} ` })],
		['loyaltyPromotionsOAuth2Api', () => ({ ...credentialsFor(ctx.emu).loyaltyPromotionsOAuth2Api, appToken: `\t${ctx.emu.credentials.appToken}` })],
	])('the %s credential test passes with the trimmed value (what the node sends)', async (type, data) => {
		expect(await testCredential(type, data() as ICredentialDataDecryptedObject)).toBe(200);
	});
});

/** A secret with characters every encoding changes: `&`, `=`, `+`, `/`, a space inside and a non-ASCII letter. */
const GIVEN_TOKEN = 'USER-TOKEN-123&x=1+y/z é';

describe('a secret the service repeats in another form', () => {
	const appId = () => ctx.emu.credentials.appId;
	const appToken = () => ctx.emu.credentials.appToken;
	/** How each form reads once redacted. */
	const forms: Array<[string, () => string, string?]> = [
		['URL-encoded', () => encodeURIComponent(appToken())],
		['form-encoded', () => new URLSearchParams({ t: appToken() }).toString().slice(2)],
		['in base64', () => Buffer.from(appToken()).toString('base64')],
		['in base64 without padding', () => Buffer.from(appToken()).toString('base64').replace(/=+$/, '')],
		['in URL-safe base64', () => Buffer.from(appToken()).toString('base64url')],
		['as Basic authentication of appId:secret', () => `Basic ${Buffer.from(`${appId()}:${appToken()}`).toString('base64')}`, 'Basic [redacted]'],
		['in upper case', () => appToken().toUpperCase()],
		['in lower case', () => appToken().toLowerCase()],
	];

	it.each(forms)('the Secret Key %s in an output', async (_name, form, redacted = '[redacted]') => {
		ctx.emu.control.setFaults({ route: '/v1/customers', replaceReply: { status: 200, contentType: 'application/json', body: JSON.stringify({ id: 'cust_1', echo: `seen: ${form()}` }) } });
		const result = await ctx.run(customerGet);
		expect(result.items[0].json.echo).toBe(`seen: ${redacted}`);
		expect(leaks(shown(result), appToken(), appId())).toEqual([]);
	});

	it.each(forms)('the Secret Key %s in an error answer', async (_name, form, redacted = '[redacted]') => {
		ctx.emu.control.setFaults({ route: '/v1/customers', replaceReply: { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 400, message: `Bad key ${form()}`, details: form() }) } });
		const result = await ctx.run(customerGet);
		expect(result.error?.message).toBe(`Bad key ${redacted}`);
		expect(leaks(shown(result), appToken(), appId())).toEqual([]);
	});

	const tokenForms: Array<[string, (token: string) => string]> = [
		['form-encoded (as Revoke sends it)', (token) => `access_token=${new URLSearchParams({ t: token }).toString().slice(2)}`],
		['URL-encoded', (token) => encodeURIComponent(token)],
		['JSON-escaped inside text', (token) => JSON.stringify({ token }).slice(1, -1)],
		['in base64', (token) => Buffer.from(token).toString('base64')],
		['in upper case', (token) => token.toUpperCase()],
	];

	it.each(tokenForms)('OAuth Token → Revoke: its token %s in the error', async (_name, form) => {
		ctx.emu.control.setFaults({ route: '/v1/oauth/token/revoke', replaceReply: { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 400, message: `Cannot revoke ${form(GIVEN_TOKEN)}` }) } });
		const result = await ctx.run({ resource: 'oAuthToken', operation: 'revoke', accessToken: GIVEN_TOKEN } as INodeParameters);
		expect(result.error?.message).toContain('[redacted]');
		expect(leaks(shown(result), GIVEN_TOKEN)).toEqual([]);
		expect(shown(result)).not.toContain('USER-TOKEN-123');
	});
});

describe('SecretSet', () => {
	it('leaves text that holds no form of a secret as it is, and short secrets only as whole values', () => {
		const secrets = new SecretSet();
		secrets.add('short', 'a-long-secret-value');
		expect(secrets.text('a shorter text with short in it')).toBe('a shorter text with short in it');
		expect(secrets.text(' SHORT ')).toBe('[redacted]');
		expect(secrets.text('prefix A-LONG-SECRET-VALUE suffix')).toBe('prefix [redacted] suffix');
		expect(secrets.text('unrelated text')).toBe('unrelated text');
	});

	it('takes a credential renewed in place (a new OAuth token) at the next redaction', () => {
		const secrets = new SecretSet();
		const credential: Record<string, unknown> = { appId: 'app-id-1', appToken: 'first-app-token', accessToken: 'first-access-token' };
		secrets.addCredential(credential);
		credential.accessToken = 'second-access-token';
		secrets.addCredential(credential);
		expect(secrets.text('first-access-token second-access-token')).toBe('[redacted] [redacted]');
		expect(secrets.text(Buffer.from('app-id-1:first-app-token').toString('base64'))).toBe('[redacted]');
	});
});
