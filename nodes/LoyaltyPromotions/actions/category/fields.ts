import type { INodeProperties } from 'n8n-workflow';
import { locatorProperty } from '../../shared/locator';
import { requireIntegerInRange, requirePattern } from '../../shared/validate';
import { path } from '../../transport/request';
import type { ParamReader } from '../types';

/** What the category operations share: the locator, and the list (one counted list the service returns whole). */

/** The categories list: no page size, no paging. */
export const CATEGORY_LIST = { envelope: 'counted' } as const;

/** The service's category IDs, e.g. cat_0bb81a481615a37b5e. */
const CATEGORY_ID = /^cat_[A-Za-z0-9]+$/;

/** A category, picked from the project's categories or given by ID. */
export function categoryLocator(description: string): INodeProperties {
	return locatorProperty({ name: 'categoryId', displayName: 'Category', description, noun: 'category', searchListMethod: 'searchCategories', idPlaceholder: 'cat_…' });
}

export function readCategoryId(params: ParamReader): string {
	return requirePattern(params, 'Category', params.id('categoryId', 'Category'), CATEGORY_ID, 'cat_0bb81a481615a37b5e');
}

export function categoryPath(params: ParamReader): string {
	return path`/v1/categories/${readCategoryId(params)}`;
}

/** Hierarchy: a whole number from 0; lower ones are processed first. */
export function hierarchyProperty(required: boolean): INodeProperties {
	return {
		displayName: 'Hierarchy',
		name: 'hierarchy',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 0 },
		default: 0,
		...(required ? { required: true } : {}),
		description: 'Where the category stands: categories with a lower hierarchy are processed before those with a higher one (a whole number from 0)',
	};
}

export function readHierarchy(params: ParamReader, value: unknown): number {
	return requireIntegerInRange(params, 'Hierarchy', value, 0);
}
