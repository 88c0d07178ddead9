import { getEntry } from '../project/collection';
import { STACKING_RULES } from './fields';

export const get = getEntry(STACKING_RULES, "Retrieve a project's stacking rules");
