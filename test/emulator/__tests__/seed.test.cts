import axios from 'axios';
import http from 'http';
import { FIXTURES, fixtureCounts, startEmulator } from '../index.cjs';

describe('--seed scales the fixtures cheaply', () => {
	// How fast this is belongs to the benchmarks (npm run bench): on a busy machine a timing says nothing.
	it('seed 100: a member with ≥ 100,000 activity entries, paged by cursor from the newest', async () => {
		const emu = await startEmulator({ port: 0, seed: 100 });
		try {
			expect(fixtureCounts(100).memberActivities).toBeGreaterThanOrEqual(100_000);
			const c = axios.create({ baseURL: emu.baseUrl, headers: { 'X-App-Id': emu.credentials.appId, 'X-App-Token': emu.credentials.appToken }, httpAgent: new http.Agent({ keepAlive: true }) });
			const last = (await c.get(`/v1/loyalties/members/${FIXTURES.memberWithManyActivities}/activity?limit=1&order=-created_at`)).data.data[0];
			const lastIndex = parseInt(last.id.slice(-10), 16);
			expect(lastIndex + 1).toBe(fixtureCounts(100).memberActivities);
			let after = last.id;
			for (let i = 0; i < 50; i++) {
				const r = await c.get(`/v1/loyalties/members/${FIXTURES.memberWithManyActivities}/activity?limit=100&order=-created_at&starting_after_id=${after}`);
				expect(r.data.data).toHaveLength(100);
				expect(parseInt(r.data.data[0].id.slice(-10), 16)).toBe(parseInt(after.slice(-10), 16) - 1);
				after = r.data.more_starting_after;
			}
			const acts = await c.get(`/v1/customers/${FIXTURES.customerWithManyActivities}/activities?limit=100`);
			expect(acts.data.total).toBe(fixtureCounts(100).customerActivities);
			const filtered = await c.get(`/v1/customers/${FIXTURES.customerWithManyActivities}/activities?limit=100&campaign_type=PROMOTION`);
			expect(filtered.data.total).toBeGreaterThan(10_000);
		} finally {
			await emu.stop();
		}
	});
});
