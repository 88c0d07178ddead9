import { searchCollection } from '../project/collection';
import { USERS } from './fields';

/** From List for User: the project's users, by name and login. */
export const searchUsers = searchCollection(USERS, (user) => {
	const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
	return { name: `${name || String(user.id)} (${String(user.login ?? user.email ?? user.id)})`, value: String(user.id) };
});
