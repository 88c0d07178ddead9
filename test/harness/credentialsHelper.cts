import {
	ICredentialsHelper,
	NodeHelpers,
	type ICredentialDataDecryptedObject,
	type ICredentialType,
	type ICredentials,
	type IHttpRequestHelper,
	type IHttpRequestOptions,
	type INode,
	type INodeCredentialsDetails,
	type INodeParameters,
	type INodeProperties,
	type IDataObject,
	type IRequestOptionsSimplified,
	type Workflow,
} from 'n8n-workflow';
import { CREDENTIAL_TYPES } from './types.cjs';

/**
 * A stand-in for n8n's own CredentialsHelper (which lives in the unpublished CLI package). It stores decrypted
 * credential data in memory and applies each credential type's real `authenticate` (generic expressions or
 * function) and `preAuthentication` with n8n's rules: run it when the expirable field is empty, or once more
 * when a request answered 401.
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	readonly stored = new Map<string, ICredentialDataDecryptedObject>();

	preAuthenticationCalls = 0;

	constructor(credentials: Record<string, ICredentialDataDecryptedObject> = {}) {
		super();
		for (const [type, data] of Object.entries(credentials)) this.set(type, data);
	}

	set(type: string, data: ICredentialDataDecryptedObject): void {
		const credentialType = this.type(type);
		// n8n fills in each property's default before a credential reaches a node.
		const withDefaults = NodeHelpers.getNodeParameters(credentialType.properties, data as INodeParameters, true, false, null, null) ?? {};
		this.stored.set(type, { ...withDefaults, ...data } as ICredentialDataDecryptedObject);
	}

	private type(name: string): ICredentialType {
		const type = CREDENTIAL_TYPES[name];
		if (!type) throw new Error(`Unknown credential type ${name}`);
		return type;
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.type(type).properties;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('Not used by the test harness');
	}

	async getDecrypted(
		_additionalData: unknown,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const data = this.stored.get(type);
		if (!data) throw new Error(`No credentials of type ${type} were given to the test`);
		return { ...data };
	}

	async updateCredentials(_details: INodeCredentialsDetails, type: string, data: ICredentialDataDecryptedObject) {
		this.stored.set(type, { ...data });
	}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	async runPreAuthentication(helpers: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject, typeName: string) {
		const credentialType = this.type(typeName);
		if (!credentialType.preAuthentication) return undefined;
		return (await credentialType.preAuthentication.call(helpers, credentials)) as ICredentialDataDecryptedObject;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		_node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const credentialType = this.type(typeName);
		const expirable = credentialType.properties.find(
			(property) => property.type === 'hidden' && property.typeOptions?.expirable === true,
		);
		if (!expirable || !credentialType.preAuthentication) return undefined;
		if (credentials[expirable.name] !== '' && credentials[expirable.name] !== undefined && !credentialsExpired) return undefined;
		this.preAuthenticationCalls++;
		const output = (await credentialType.preAuthentication.call(helpers, credentials)) as ICredentialDataDecryptedObject;
		if (output[expirable.name] === undefined) return undefined;
		const updated = { ...credentials, ...output };
		this.stored.set(typeName, updated);
		return updated;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const { authenticate } = this.type(typeName);
		const options = requestOptions as IHttpRequestOptions;
		if (!authenticate) return options;
		if (typeof authenticate === 'function') return await authenticate(credentials, options);
		const resolve = (value: unknown) => resolveWithCredentials(value, credentials, workflow, node);
		const { headers, qs, body } = authenticate.properties as Record<string, Record<string, unknown> | undefined>;
		const resolveAll = (record?: Record<string, unknown>) =>
			Object.fromEntries(Object.entries(record ?? {}).map(([key, value]) => [key, resolve(value)])) as IDataObject;
		return {
			...options,
			headers: { ...options.headers, ...resolveAll(headers) },
			...(qs ? { qs: { ...options.qs, ...resolveAll(qs) } } : {}),
			...(body ? { body: { ...(options.body as object), ...resolveAll(body) } } : {}),
		};
	}
}

/** Resolves an n8n expression such as '={{$credentials.appId}}' the way n8n's CredentialsHelper does. */
export function resolveWithCredentials(
	value: unknown,
	credentials: ICredentialDataDecryptedObject,
	workflow?: Workflow,
	node?: INode,
): unknown {
	if (typeof value !== 'string' || !value.startsWith('=')) return value;
	if (!workflow || !node) throw new Error('Expressions need a workflow and a node');
	return workflow.expression.getSimpleParameterValue(node, value, 'internal', { $credentials: credentials }, undefined, '');
}
