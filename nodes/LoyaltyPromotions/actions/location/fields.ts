import type { INodeProperties } from 'n8n-workflow';
import { locatorProperty } from '../../shared/locator';
import { requirePattern } from '../../shared/validate';
import type { ListSpec } from '../../transport/paginate';
import type { ParamReader } from '../types';

/** What the location operations share. */

/**
 * The list of locations: a page size and no page parameter (the contract's list has `has_more` and no cursor), so
 * the next page is asked for by the last location's creation date, as the segments' list does.
 */
export const LOCATION_LIST: ListSpec = {
	envelope: 'dateCursor',
	pageSizeParam: 'limit',
	maxPageSize: 100,
	dateCursor: {
		field: 'created_at',
		before: 'filters[created_at][conditions][$before]',
		after: 'filters[created_at][conditions][$after]',
		orderParam: 'order',
	},
};

/** The service's location IDs, e.g. loc_NoMGXmHO9OUs7iz9mGWpamma. */
const LOCATION_ID = /^loc_[A-Za-z0-9]+$/;

/** A location, picked from the project's locations or given by ID. */
export const locationLocator: INodeProperties = locatorProperty({
	name: 'locationId',
	displayName: 'Location',
	description: 'The location, picked from the list or given by ID',
	noun: 'location',
	searchListMethod: 'searchLocations',
	idPlaceholder: 'loc_…',
});

export function readLocationId(params: ParamReader): string {
	return requirePattern(params, 'Location', params.id('locationId', 'Location'), LOCATION_ID, 'loc_NoMGXmHO9OUs7iz9mGWpamma');
}
