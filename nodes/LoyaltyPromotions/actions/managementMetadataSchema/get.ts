import { getEntry } from '../project/collection';
import { METADATA_SCHEMAS } from './fields';

export const get = getEntry(METADATA_SCHEMAS, 'Retrieve a metadata schema of a project with its property definitions');
