/**
 * Redaction covers every form a secret is sent or echoed in: a credential value with spaces, a tab or a line
 * break around it (sent trimmed), and the trimmed value as each common encoder writes it (`echoForms`: URL-,
 * strict-RFC-3986-, form- and JSON-encoded, in hex, in base64 alone, as `id:secret` and broken over lines) and in
 * another case. The forms are made here by the encoders themselves, not by the redaction under test. The node
 * runs through n8n's engine against the emulator: the answer did repeat the secret (the run shows "[redacted]")
 * and no form of it shows.
 */
import type { ICredentialDataDecryptedObject, INodeParameters } from 'n8n-workflow';
import { FIXTURES } from '../emulator/index.cjs';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import { testCredential, type RunNodeResult } from '../harness/runWorkflow.cjs';
import { SecretSet } from '../../nodes/LoyaltyPromotions/transport/redact';
import { useEmulator } from '../actions/v2/helpers.cjs';

const ctx = useEmulator();

/** Everything a run shows: output items, and the error as thrown, stored and serialised. */
function shown(result: RunNodeResult): string {
	const error = result.error as (Error & { toJSON?: () => unknown; messages?: unknown; description?: string; context?: unknown }) | undefined;
	const withoutParameters = (key: string, value: unknown) => (key === 'parameters' ? undefined : value);
	return JSON.stringify([result.items, error, error?.message, error?.description, error?.context, error?.messages, error?.stack, error?.toJSON?.(), result.run], withoutParameters);
}

const bytes = (text: string) => Buffer.from(text, 'utf8');
const percent = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
/** Lines of `width` characters, as MIME (76, CRLF), PEM (64) and other encoders break base64. */
const wrapped = (text: string, width: number, lineBreak: string) => text.match(new RegExp(`.{1,${width}}`, 'g'))!.join(lineBreak);
const base64 = (text: string) => bytes(text).toString('base64');
/** Each of `chars` as its `%XX`. */
const encodeAlso = (text: string, chars: RegExp) => text.replace(chars, (char) => [...bytes(char)].map(percent).join(''));

/**
 * How common encoders write a secret: the forms a service's echo can take. Each is named; each encoder is written
 * here from its definition (RFC 3986, the form-urlencoded serializer, PHP's and Python's encoders, JSON with and
 * without ASCII escapes, MIME and PEM base64).
 */
function echoForms(secret: string, owner?: string): Array<[string, string]> {
	const sent = secret.trim();
	const binary = (name: string, text: string): Array<[string, string]> => [
		[`${name} in base64`, base64(text)],
		[`${name} in base64 without padding`, base64(text).replace(/=+$/, '')],
		[`${name} in URL-safe base64`, bytes(text).toString('base64url')],
		[`${name} in base64 in MIME lines (76, CRLF)`, wrapped(base64(text), 76, '\r\n')],
		[`${name} in base64 in PEM lines (64)`, wrapped(base64(text), 64, '\n')],
		[`${name} in base64 in lines of 16, indented`, wrapped(base64(text), 16, '\n    ')],
		[`${name} in base64 in lines of 20, JSON-escaped`, wrapped(base64(text), 20, '\\n')],
		[`${name} in hex`, bytes(text).toString('hex')],
		[`${name} in upper-case hex`, bytes(text).toString('hex').toUpperCase()],
	];
	const forms: Array<[string, string]> = [
		['as given', secret],
		['as sent', sent],
		['in upper case', sent.toUpperCase()],
		['in lower case', sent.toLowerCase()],
		['URL-encoded (encodeURIComponent)', encodeURIComponent(sent)],
		['URL-encoded, strict RFC 3986 (!\'()* encoded)', encodeAlso(encodeURIComponent(sent), /[!'()*]/g)],
		['URL-encoded as a path (Python quote: / kept)', encodeAlso(encodeURIComponent(sent), /[!'()*]/g).replace(/%2F/g, '/')],
		['URL-encoded as a whole URL (encodeURI)', encodeURI(sent)],
		['with every byte percent-encoded', [...bytes(sent)].map(percent).join('')],
		['with every byte percent-encoded in lower case', [...bytes(sent)].map(percent).join('').toLowerCase()],
		['form-encoded', new URLSearchParams({ s: sent }).toString().slice(2)],
		['form-encoded as PHP urlencode (* and ~ encoded)', encodeAlso(new URLSearchParams({ s: sent }).toString().slice(2), /[*~]/g)],
		['form-encoded with %20 for a space', encodeAlso(encodeURIComponent(sent), /[!'()*~]/g)],
		['JSON-escaped', JSON.stringify(sent).slice(1, -1)],
		['JSON-escaped with ASCII only (Python)', JSON.stringify(sent).slice(1, -1).replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)],
		['JSON-escaped with \\/ (PHP)', JSON.stringify(sent).slice(1, -1).replace(/\//g, '\\/')],
		...binary('the secret', sent),
		...(owner ? binary('id:secret', `${owner}:${sent}`) : []),
	];
	return forms;
}

/** The forms a leak could take, none of which may show (checked case-insensitively). */
function leaks(text: string, secret: string, owner?: string): string[] {
	const lower = text.toLowerCase();
	return echoForms(secret, owner)
		.map(([, form]) => form)
		.filter((form) => form.trim().length >= 8 && lower.includes(form.toLowerCase()));
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

/**
 * A secret with characters the encoders treat differently: `&`, `=`, `+`, `/`, a space inside, a non-ASCII
 * letter, the `!'()*` that only strict percent-encoding changes and the `~` that form encoders change; long
 * enough (more than 57 bytes) for MIME's and PEM's base64 lines to break inside it.
 */
const GIVEN_TOKEN = "USER-TOKEN-123&x=1+y/z é!'()*~-and-more-characters-to-fill-a-base64-line";

/** Each form in its own sentence, so that a form redacted only in part shows. */
const sentences = (forms: Array<[string, string]>) => forms.map(([, form]) => `seen: ${form}.`).join(' | ');
const redactedSentences = (forms: Array<[string, string]>) => forms.map(() => 'seen: [redacted].').join(' | ');

describe('a secret the service repeats in any form a common encoder writes', () => {
	const appId = () => ctx.emu.credentials.appId;
	const appToken = () => ctx.emu.credentials.appToken;

	it('the Secret Key in every form, each in an output field and in an output key', async () => {
		const forms = echoForms(appToken(), appId());
		const echoes = Object.fromEntries(forms.map(([name, form]) => [name, `seen: ${form}.`]));
		const keyed = Object.fromEntries(forms.map(([name, form]) => [`${name}: ${form}`, 1]));
		ctx.emu.control.setFaults({ route: '/v1/customers', replaceReply: { status: 200, contentType: 'application/json', body: JSON.stringify({ id: 'cust_1', echoes, keyed }) } });
		const result = await ctx.run(customerGet);
		expect(result.items[0].json.echoes).toEqual(Object.fromEntries(forms.map(([name]) => [name, 'seen: [redacted].'])));
		expect(Object.keys(result.items[0].json.keyed as object).sort()).toEqual(forms.map(([name]) => `${name}: [redacted]`).sort());
		expect(leaks(shown(result), appToken(), appId())).toEqual([]);
	});

	it('the Secret Key in every form in an error answer', async () => {
		const forms = echoForms(appToken(), appId());
		ctx.emu.control.setFaults({ route: '/v1/customers', replaceReply: { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 400, message: sentences(forms), details: sentences(forms) }) } });
		const result = await ctx.run(customerGet);
		expect(result.error?.message).toBe(redactedSentences(forms));
		expect(leaks(shown(result), appToken(), appId())).toEqual([]);
	});

	it('OAuth Token → Revoke: its token in every form in the error', async () => {
		const forms = echoForms(GIVEN_TOKEN);
		ctx.emu.control.setFaults({ route: '/v1/oauth/token/revoke', replaceReply: { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 400, message: sentences(forms) }) } });
		const result = await ctx.run({ resource: 'oAuthToken', operation: 'revoke', accessToken: GIVEN_TOKEN } as INodeParameters);
		expect(result.error?.message).toBe(redactedSentences(forms));
		expect(leaks(shown(result), GIVEN_TOKEN)).toEqual([]);
		expect(shown(result)).not.toContain('USER-TOKEN-123');
	});
});

describe('SecretSet: every form of every kind of secret, alone, in a sentence and as a key', () => {
	/** A plain key with its ID (HTTP Basic's pair), the hostile token, and a key that needs every encoding, with its ID. */
	const secrets: Array<[string, string, string?]> = [
		['a plain key', 'plain-app-token-0123456789', 'app-id-42'],
		['a token with characters every encoder treats differently', GIVEN_TOKEN],
		['a key with padding, an ID and such characters', `  ${GIVEN_TOKEN}\n`, 'app~id(1)'],
	];
	const cases = secrets.flatMap(([kind, secret, owner]) => echoForms(secret, owner).map(([form, text]) => [kind, form, secret, owner, text] as const));

	it.each(cases)('%s, %s', (_kind, _form, secret, owner, text) => {
		const set = new SecretSet();
		set.addCredential({ appToken: secret, appId: owner });
		expect(set.text(text)).toBe('[redacted]');
		expect(set.text(`seen: ${text}.`)).toBe('seen: [redacted].');
		expect(Object.keys(set.value({ [`key ${text}`]: true }))).toEqual(['key [redacted]']);
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
