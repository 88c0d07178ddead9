import { getEntry } from '../project/collection';
import { BRANDINGS } from './fields';

export const get = getEntry(BRANDINGS, "Retrieve a project's branding");
