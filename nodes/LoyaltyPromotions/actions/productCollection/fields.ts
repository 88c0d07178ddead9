import type { INodeProperties } from 'n8n-workflow';
import { pagedList } from '../../shared/listFilters';
import { locatorProperty } from '../../shared/locator';
import { requirePattern } from '../../shared/validate';
import { path } from '../../transport/request';
import type { ParamReader } from '../types';

/** What the product collection operations share. */

/** The paged lists of collections and of a collection's products: page numbers up to 100 (the contract's bound). */
export const COLLECTION_LIST = pagedList(100);

/** The collection types: value → label. */
export const COLLECTION_TYPES: Record<string, string> = {
	AUTO_UPDATE: 'Auto-Update',
	STATIC: 'Static',
};

/** The service's product collection IDs, e.g. pc_41V4DiQQO8YGqj0J2oZD57j4. */
const COLLECTION_ID = /^pc_[A-Za-z0-9]+$/;
const COLLECTION_EXAMPLE = 'pc_41V4DiQQO8YGqj0J2oZD57j4';

/** A product collection, picked from the project's collections or given by ID. */
export function collectionLocator(description: string): INodeProperties {
	return locatorProperty({
		name: 'productCollectionId',
		displayName: 'Product Collection',
		description,
		noun: 'product collection',
		searchListMethod: 'searchProductCollections',
		idPlaceholder: 'pc_…',
	});
}

export function readCollectionId(params: ParamReader): string {
	return requirePattern(params, 'Product Collection', params.id('productCollectionId', 'Product Collection'), COLLECTION_ID, COLLECTION_EXAMPLE);
}

/** /v1/product-collections/{id}, plus `suffix` (e.g. '/products'). */
export function collectionPath(params: ParamReader, suffix = ''): string {
	return `${path`/v1/product-collections/${readCollectionId(params)}`}${suffix}`;
}

/** The shape of an auto-update collection's filter, as the placeholder shows it. */
export const FILTER_SHAPE = { junction: 'and', 'metadata.brand': { conditions: { $is: ['Acme'] } }, price: { conditions: { $more_than: [1000] } } };

/** The filter's logical operator between its conditions, as the contract's Junction enum has it. */
export const JUNCTIONS = ['and', 'or'];
