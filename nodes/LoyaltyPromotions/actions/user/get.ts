import { getEntry } from '../project/collection';
import { USERS } from './fields';

export const get = getEntry(USERS, "Retrieve a user of a project with their role and projects");
