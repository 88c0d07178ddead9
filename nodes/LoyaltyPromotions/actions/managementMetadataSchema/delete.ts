import { deleteEntry } from '../project/collection';
import { METADATA_SCHEMAS } from './fields';

export const deleteMetadataSchema = deleteEntry(METADATA_SCHEMAS, 'Delete a metadata schema; the metadata already on records stays');
