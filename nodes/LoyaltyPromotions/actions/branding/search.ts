import type { IDataObject } from 'n8n-workflow';
import { searchCollection } from '../project/collection';
import { BRANDINGS } from './fields';

/** From List for Branding: the project's brandings, by brand name. */
export const searchBrandings = searchCollection(BRANDINGS, (branding) => ({
	name: String(((branding.brand ?? {}) as IDataObject).name ?? branding.id),
	value: String(branding.id),
}));
