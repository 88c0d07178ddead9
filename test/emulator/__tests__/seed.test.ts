import axios from 'axios';
import http from 'http';
import { FIXTURES, fixtureCounts, startEmulator } from '..';

describe('--seed scales the fixtures cheaply', () => {
	it('seed 100: a member with ≥ 100,000 activity entries, paged in O(page size)', async () => {
		const t0 = Date.now();
		const emu = await startEmulator({ port: 0, seed: 100 });
		expect(Date.now() - t0).toBeLessThan(2000);
		try {
			expect(fixtureCounts(100).memberActivities).toBeGreaterThanOrEqual(100_000);
			const c = axios.create({ baseURL: emu.baseUrl, headers: { 'X-App-Id': emu.credentials.appId, 'X-App-Token': emu.credentials.appToken }, httpAgent: new http.Agent({ keepAlive: true }) });
			const last = (await c.get(`/v1/loyalties/members/${FIXTURES.memberWithManyActivities}/activity?limit=1&order=-created_at`)).data.data[0];
			const lastIndex = parseInt(last.id.slice(-10), 16);
			expect(lastIndex + 1).toBe(fixtureCounts(100).memberActivities);
			const start = Date.now();
			let after = last.id;
			for (let i = 0; i < 50; i++) {
				const r = await c.get(`/v1/loyalties/members/${FIXTURES.memberWithManyActivities}/activity?limit=100&order=-created_at&starting_after_id=${after}`);
				expect(r.data.data).toHaveLength(100);
				after = r.data.more_starting_after;
			}
			expect(Date.now() - start).toBeLessThan(3000);
			const acts = await c.get(`/v1/customers/${FIXTURES.customerWithManyActivities}/activities?limit=100`);
			expect(acts.data.total).toBe(fixtureCounts(100).customerActivities);
			const filtered = await c.get(`/v1/customers/${FIXTURES.customerWithManyActivities}/activities?limit=100&campaign_type=PROMOTION`);
			expect(filtered.data.total).toBeGreaterThan(10_000);
		} finally {
			await emu.stop();
		}
	});
});
