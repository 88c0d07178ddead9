import { NodeOperationError, type IDataObject } from 'n8n-workflow';
import type { OperationDefinition, OutputItem, ParamReader, ServiceClient } from './types';

/**
 * One answer of the service as the operation's output items: what its `follow` requests or its `output` make of
 * it, else the answer itself (`{ success: true }` for one without content). It runs after the request was
 * answered with success, so the router marks an error here as met after the request took effect.
 */
export async function answerItems(operation: OperationDefinition, response: IDataObject, params: ParamReader, client: ServiceClient): Promise<OutputItem[]> {
	if (operation.follow) return await operation.follow(response, params, client);
	const entries = operation.output ? operation.output(response, params) : [response && typeof response === 'object' ? response : { success: true }];
	// n8n's engine reads every item's json as an object after execute() returns, beyond the router's error handling
	const misfit = entries.findIndex((json) => json === null || typeof json !== 'object' || Array.isArray(json));
	if (misfit >= 0) {
		throw new NodeOperationError(params.node, `The service's answer holds an entry that is not a record (entry ${misfit + 1}: ${entries[misfit] === null ? 'null' : Array.isArray(entries[misfit]) ? 'a list' : typeof entries[misfit]})`, { itemIndex: params.itemIndex });
	}
	return entries.map((json) => ({ json }));
}
