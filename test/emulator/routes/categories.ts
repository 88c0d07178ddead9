/** Categories (auth A or OAuth Bearer): one counted list, no paging. */
import { countedList } from '../envelopes';
import { ok, Router } from '../router';

export function register(r: Router): void {
	r.get('/v1/categories', 'A|B', (ctx) => ok(countedList([...ctx.env.store.categories.values()])));
}
