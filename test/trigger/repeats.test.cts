import type { IDataObject } from 'n8n-workflow';
import {
	addToLedger,
	claim,
	deliveryKey,
	inLedger,
	LEDGER_KEY,
	MAX_CLAIMS,
	REMEMBER_FOR_MS,
	REMEMBERED_DELIVERIES,
} from '../../nodes/LoyaltyPromotions/trigger/repeats';

/** The ledger's bounds, with the clock given explicitly (the harness and e2e suites cover the n8n side). */
describe('repeated-delivery records', () => {
	const t0 = Date.UTC(2025, 0, 1);

	it('keys a delivery by 32 hex characters of its sha256, whatever its length', () => {
		expect(deliveryKey('whd_1')).toMatch(/^[0-9a-f]{32}$/);
		expect(deliveryKey('whd_1')).toBe(deliveryKey('whd_1'));
		expect(deliveryKey('whd_1')).not.toBe(deliveryKey('whd_2'));
		expect(deliveryKey('x'.repeat(64 * 1024))).toHaveLength(32);
	});

	it('remembers at most REMEMBERED_DELIVERIES ids, forgetting the oldest, in bounded bytes', () => {
		const data: IDataObject = {};
		const total = REMEMBERED_DELIVERIES + 10;
		for (let i = 0; i < total; i++) addToLedger(data, deliveryKey(`whd_${i}`), t0 + i);
		expect(data[LEDGER_KEY]).toHaveLength(REMEMBERED_DELIVERIES);
		const now = t0 + total;
		expect(inLedger(data, deliveryKey('whd_9'), now)).toBe(false);
		expect(inLedger(data, deliveryKey('whd_10'), now)).toBe(true);
		expect(inLedger(data, deliveryKey(`whd_${total - 1}`), now)).toBe(true);
		// 46 bytes per entry: a full ledger stays under 100 KB.
		expect(JSON.stringify(data).length).toBeLessThan(100 * 1024);
	});

	it('remembers an id for REMEMBER_FOR_MS, then forgets it and drops it from the stored ledger', () => {
		const data: IDataObject = {};
		addToLedger(data, deliveryKey('whd_old'), t0);
		expect(inLedger(data, deliveryKey('whd_old'), t0 + REMEMBER_FOR_MS - 1)).toBe(true);
		expect(inLedger(data, deliveryKey('whd_old'), t0 + REMEMBER_FOR_MS)).toBe(false);
		addToLedger(data, deliveryKey('whd_new'), t0 + REMEMBER_FOR_MS);
		expect(data[LEDGER_KEY]).toEqual([`${deliveryKey('whd_new')}:${(t0 + REMEMBER_FOR_MS) / 1000}`]);
	});

	it('keeps the time an id was first seen when it is recorded again (a run after its webhook call)', () => {
		const data: IDataObject = {};
		addToLedger(data, deliveryKey('whd_1'), t0);
		addToLedger(data, deliveryKey('whd_1'), t0 + 1000);
		expect(data[LEDGER_KEY]).toEqual([`${deliveryKey('whd_1')}:${t0 / 1000}`]);
	});

	it('ignores ledger entries it cannot read', () => {
		const data: IDataObject = {
			[LEDGER_KEY]: [`${deliveryKey('whd_1')}:yesterday`, 42, `${deliveryKey('whd_2')}:${t0 / 1000}`],
		};
		expect(inLedger(data, deliveryKey('whd_1'), t0)).toBe(false);
		expect(inLedger(data, deliveryKey('whd_2'), t0)).toBe(true);
		expect(inLedger({ [LEDGER_KEY]: 'garbage' }, deliveryKey('whd_2'), t0)).toBe(false);
		addToLedger(data, deliveryKey('whd_3'), t0);
		expect(data[LEDGER_KEY]).toEqual([`${deliveryKey('whd_2')}:${t0 / 1000}`, `${deliveryKey('whd_3')}:${t0 / 1000}`]);
	});

	it('claims a key once per scope within the window, for at most MAX_CLAIMS keys', () => {
		expect(claim('wf-1 node', 'k1', t0)).toBe(true);
		expect(claim('wf-1 node', 'k1', t0 + 1)).toBe(false);
		expect(claim('wf-2 node', 'k1', t0 + 1)).toBe(true);
		expect(claim('wf-1 node', 'k1', t0 + REMEMBER_FOR_MS)).toBe(true);

		const scope = 'wf-bound node';
		let accepted = 0;
		for (let i = 0; i <= MAX_CLAIMS; i++) if (claim(scope, `key${i}`, t0 + 2)) accepted++;
		expect(accepted).toBe(MAX_CLAIMS + 1);
		// The oldest claim was dropped to stay within MAX_CLAIMS; the newest are still held.
		expect(claim(scope, 'key0', t0 + 3)).toBe(true);
		expect(claim(scope, `key${MAX_CLAIMS}`, t0 + 3)).toBe(false);
	});
});
