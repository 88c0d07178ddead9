import { deleteEntry } from '../project/collection';
import { STACKING_RULES } from './fields';

export const deleteStackingRules = deleteEntry(STACKING_RULES, "Delete a project's stacking rules; the service's defaults apply again");
