import { getEntries } from '../project/collection';
import { STACKING_RULES } from './fields';

export const getAll = getEntries(STACKING_RULES, "List a project's stacking rules");
