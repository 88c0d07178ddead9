import { getEntries } from '../project/collection';
import { BRANDINGS } from './fields';

export const getAll = getEntries(BRANDINGS, "List a project's brandings");
