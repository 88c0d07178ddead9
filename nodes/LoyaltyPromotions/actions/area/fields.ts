import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { putOwn } from '../../shared/fields';
import { hasOwn } from '../../shared/own';
import { pagedList } from '../../shared/listFilters';
import { locatorProperty } from '../../shared/locator';
import { fail, parseJsonObject, requireText } from '../../shared/validate';
import { path } from '../../transport/request';
import type { ParamReader } from '../types';

/**
 * What the area operations share. The service announced the Areas API (22 July 2026) without publishing its
 * bodies: an area is known to have a name (the dashboard's only field) and an ID; anything else goes in Other
 * Fields (JSON), sent as given.
 */

/** The list of areas: paged like the other v1 lists (a project has at most 100 areas, so one full page). */
export const AREA_LIST = pagedList(100);

/** An area, picked from the project's areas or given by ID (the ID's form is not published, so any one segment). */
export const areaLocator: INodeProperties = locatorProperty({
	name: 'areaId',
	displayName: 'Area',
	description: 'The area, picked from the list or given by ID',
	noun: 'area',
	searchListMethod: 'searchAreas',
	idPlaceholder: "The area's ID",
});

export function areaPath(params: ParamReader): string {
	return path`/v1/areas/${params.id('areaId', 'Area')}`;
}

/** The area's other body fields as JSON; the service's area has more than a name, but their names are not published. */
export const otherFieldsProperty: INodeProperties = { displayName: 'Other Fields (JSON)', name: 'otherFields', type: 'json', default: '{}', placeholder: '{}', description: 'More body fields, sent as given' };

/** The body: Name (when given) and Other Fields (JSON); a name in both is refused rather than one silently winning. */
export function readAreaBody(params: ParamReader, name: unknown, otherFields: unknown): IDataObject {
	const body: IDataObject = {};
	const other = otherFields === undefined ? {} : parseJsonObject(params, 'Other Fields (JSON)', otherFields);
	for (const [key, value] of Object.entries(other)) putOwn(body, key, value);
	if (name !== undefined) {
		if (hasOwn(other, 'name')) fail(params, 'Other Fields (JSON)', 'has "name": give the name in Name only');
		body.name = requireText(params, 'Name', name);
	}
	return body;
}
