import { getEntries } from '../project/collection';
import { USERS } from './fields';

export const getAll = getEntries(USERS, "List a project's users with their roles");
