import type { IDataObject } from 'n8n-workflow';
import { fail } from '../../shared/validate';
import type { OperationDefinition, ParamReader } from '../types';
import { publicationProperties, readPublication } from './fields';

/**
 * The body as the GET form's query, in the service's deep-object style: campaign[name]=…, customer[source_id]=…,
 * metadata[key]=…; a nested object (e.g. a customer's address) goes one level deeper, as the style does.
 */
function deepQuery(params: ParamReader, prefix: string, value: IDataObject, query: IDataObject, depth = 0): IDataObject {
	for (const [key, entry] of Object.entries(value)) {
		const name = `${prefix}[${key}]`;
		if (entry === null || entry === undefined) continue;
		if (typeof entry === 'object' && !Array.isArray(entry)) {
			if (depth >= 1) fail(params, 'Customer Fields (JSON)', `cannot send ${name} in a query: the GET form takes two levels at most (use Create for deeper fields)`);
			deepQuery(params, name, entry as IDataObject, query, depth + 1);
		} else if (Array.isArray(entry)) {
			fail(params, prefix === 'metadata' ? 'Metadata' : 'Customer Fields (JSON)', `cannot send the list ${name} in a query (use Create for lists)`);
		} else {
			query[name] = entry;
		}
	}
	return query;
}

export const createViaGet: OperationDefinition = {
	value: 'createViaGet',
	name: 'Create via GET',
	action: 'Create a publication with a GET request',
	description:
		"Create's GET form, for integration keys (Project Settings → Integration Keys) that the service lets publish only this way: gives a customer one voucher of a campaign, or a specific code",
	endpoint: 'GET /v1/publications/create',
	// A GET that publishes: each request without Join Once or a Source ID gives another voucher.
	safeToRepeat: false,
	repeatHint: 'With Join Once on, or a Source ID, it is safe to repeat (the service returns the same voucher).',
	properties: publicationProperties(false),
	build(params) {
		const { body, joinOnce, safeToRepeat } = readPublication(params);
		const query: IDataObject = joinOnce ? { join_once: true } : {};
		if (typeof body.voucher === 'string') query.voucher = body.voucher;
		if (typeof body.source_id === 'string') query.source_id = body.source_id;
		for (const key of ['campaign', 'customer', 'metadata'])
			if (body[key] !== undefined) deepQuery(params, key, body[key] as IDataObject, query);
		return { method: 'GET', path: '/v1/publications/create', query, safeToRepeat };
	},
};
