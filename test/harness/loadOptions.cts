import { LoadOptionsContext } from 'n8n-core';
import {
	NodeHelpers,
	Workflow,
	type ICredentialDataDecryptedObject,
	type INode,
	type INodeListSearchResult,
	type INodeParameters,
	type INodePropertyOptions,
} from 'n8n-workflow';
import { TestCredentialsHelper } from './credentialsHelper.cjs';
import { defaultAuthentication, makeAdditionalData, nodeTypes } from './runWorkflow.cjs';
import { ACTION_NODE_TYPE, latestVersion, withAuthentication } from './types.cjs';

export interface LoadOptionsCall {
	/** The node's current parameters, as the editor sends them with the request. */
	parameters: INodeParameters;
	credentials: Record<string, ICredentialDataDecryptedObject> | TestCredentialsHelper;
	nodeType?: string;
	/** The node's typeVersion: by default the latest. */
	typeVersion?: number;
}

/** A LoadOptionsContext (n8n-core's own) for the node with these parameters, as the editor's requests get. */
function contextFor(call: LoadOptionsCall): LoadOptionsContext {
	const helper = call.credentials instanceof TestCredentialsHelper ? call.credentials : new TestCredentialsHelper(call.credentials);
	const type = call.nodeType ?? ACTION_NODE_TYPE;
	// The editor sends the node's parameters with every default filled in (e.g. the hidden Authentication).
	const typeVersion = call.typeVersion ?? latestVersion(type);
	const description = nodeTypes.getByNameAndVersion(type, typeVersion).description;
	const given = withAuthentication(type, call.parameters, typeVersion, defaultAuthentication);
	// with the node (its typeVersion decides the `@version` conditions), as the editor resolves them
	const shell = { id: 'node', name: 'Node', type, typeVersion, position: [0, 0] as [number, number], parameters: given };
	const parameters = NodeHelpers.getNodeParameters(description.properties, given, true, false, shell, description) ?? given;
	const node: INode = {
		id: 'node',
		name: 'Node',
		type,
		typeVersion,
		position: [0, 0],
		parameters,
		credentials: Object.fromEntries([...helper.stored.keys()].map((type) => [type, { id: `${type}-id`, name: type }])),
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const additionalData = { ...makeAdditionalData(helper), currentNodeParameters: parameters };
	return new LoadOptionsContext(workflow, node, additionalData, 'parameters');
}

/** Runs the node's listSearch method `name` (a resource locator's From List), as the editor does. */
export async function listSearch(name: string, call: LoadOptionsCall, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const type = nodeTypes.getByNameAndVersion(call.nodeType ?? ACTION_NODE_TYPE, call.typeVersion);
	const method = type.methods?.listSearch?.[name];
	if (!method) throw new Error(`The node has no listSearch method ${name}`);
	return await method.call(contextFor(call), filter, paginationToken);
}

/** Runs the node's loadOptions method `name` (a dropdown filled from the account), as the editor does. */
export async function loadOptions(name: string, call: LoadOptionsCall): Promise<INodePropertyOptions[]> {
	const type = nodeTypes.getByNameAndVersion(call.nodeType ?? ACTION_NODE_TYPE, call.typeVersion);
	const method = type.methods?.loadOptions?.[name];
	if (!method) throw new Error(`The node has no loadOptions method ${name}`);
	return await method.call(contextFor(call));
}
