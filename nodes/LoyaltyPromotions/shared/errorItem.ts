import { NodeApiError, type IDataObject, type INodeExecutionData } from 'n8n-workflow';

/** What Continue On Fail emits for a failed item: the message and the service's error fields, paired. */
export function errorItem(error: unknown, itemIndex: number): INodeExecutionData {
	const known = error as NodeApiError & { context?: IDataObject };
	const serviceError = (known.context?.serviceError ?? {}) as IDataObject;
	return {
		json: {
			error: known.message,
			...(known.description ? { description: known.description } : {}),
			...(known instanceof NodeApiError && known.httpCode ? { httpCode: known.httpCode } : {}),
			...(serviceError.key ? { key: serviceError.key } : {}),
			...(serviceError.request_id ? { request_id: serviceError.request_id } : {}),
			...(serviceError.resource_id ? { resource_id: serviceError.resource_id } : {}),
			...(serviceError.resource_type ? { resource_type: serviceError.resource_type } : {}),
		},
		pairedItem: { item: itemIndex },
	};
}
