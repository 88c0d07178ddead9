import { searchCollection } from '../project/collection';
import { METADATA_SCHEMAS } from './fields';

/** From List for Metadata Schema: the project's schemas, by the object they describe. */
export const searchManagementMetadataSchemas = searchCollection(METADATA_SCHEMAS, (schema) => ({
	name: `${String(schema.related_object ?? schema.id)} (${Object.keys((schema.properties ?? {}) as object).length} properties)`,
	value: String(schema.id),
}));
