import { deleteEntry } from '../project/collection';
import { BRANDINGS } from './fields';

export const deleteBranding = deleteEntry(BRANDINGS, "Delete a project's branding");
