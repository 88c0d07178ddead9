import { deleteEntry } from '../project/collection';
import { USERS } from './fields';

export const unassign = deleteEntry(USERS, 'Take a user out of a project; the user keeps their account and other projects', {
	value: 'unassign',
	name: 'Unassign',
	verb: 'Unassign',
	flag: 'unassigned',
});
