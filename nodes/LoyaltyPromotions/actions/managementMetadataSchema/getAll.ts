import { getEntries } from '../project/collection';
import { METADATA_SCHEMAS } from './fields';

export const getAll = getEntries(METADATA_SCHEMAS, "List a project's metadata schemas, one per related object");
