import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { searchList } from '../../shared/search';
import { SCHEMA_LIST } from './fields';

/** From List for Related Object: the resources the project's metadata schemas describe; the value is the resource. */
export async function searchMetadataSchemas(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchList(
		this,
		{
			request: { method: 'GET', path: '/v1/metadata-schemas' },
			list: SCHEMA_LIST,
			toItem: (schema) => ({ name: String(schema.related_object), value: String(schema.related_object) }),
		},
		filter,
		paginationToken,
	);
}

/** From List for Metadata Schema (by ID): the project's schemas by what they describe; the value is the ID. */
export async function searchMetadataSchemaIds(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchList(
		this,
		{
			request: { method: 'GET', path: '/v1/metadata-schemas' },
			list: SCHEMA_LIST,
			toItem: (schema) => ({ name: String(schema.related_object ?? schema.id), value: String(schema.id) }),
		},
		filter,
		paginationToken,
	);
}
