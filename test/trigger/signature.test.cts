import { createHmac } from 'crypto';
import {
	canonicalBody,
	computeSignature,
	headerValue,
	signatureMatches,
} from '../../nodes/LoyaltyPromotions/trigger/signature';

describe('delivery signature', () => {
	const payload = { id: 'whd_1', type: 'customer.created', data: { name: 'Ann  Lee', n: 1.5 } };
	const compact = JSON.stringify(payload);

	it('is the lowercase hex HMAC-SHA256 of the compact JSON', () => {
		expect(computeSignature(compact, 's')).toBe(createHmac('sha256', 's').update(compact).digest('hex'));
		expect(computeSignature(compact, 's')).toMatch(/^[0-9a-f]{64}$/);
	});

	it('canonicalises the raw body, or falls back to the parsed body', () => {
		expect(canonicalBody(Buffer.from(JSON.stringify(payload, null, 4)), undefined)).toBe(compact);
		expect(canonicalBody(JSON.stringify(payload, null, '\t'), undefined)).toBe(compact);
		expect(canonicalBody(undefined, payload)).toBe(compact);
		expect(canonicalBody(Buffer.alloc(0), payload)).toBe(compact);
		expect(canonicalBody(Buffer.from('not json'), payload)).toBe('not json');
	});

	it('compares in constant time and refuses anything malformed', () => {
		const good = computeSignature(compact, 'secret');
		expect(signatureMatches(good, compact, 'secret')).toBe(true);
		expect(signatureMatches(good.toUpperCase(), compact, 'secret')).toBe(true);
		expect(signatureMatches(good, compact, 'other')).toBe(false);
		expect(signatureMatches(undefined, compact, 'secret')).toBe(false);
		expect(signatureMatches('', compact, 'secret')).toBe(false);
		expect(signatureMatches('xyz', compact, 'secret')).toBe(false);
		expect(signatureMatches(good.slice(2), compact, 'secret')).toBe(false);
		expect(signatureMatches(`${good}ab`, compact, 'secret')).toBe(false);
	});

	it('reads one header value', () => {
		expect(headerValue(' abc ')).toBe('abc');
		expect(headerValue(['abc'])).toBe('abc');
		expect(headerValue(['a', 'b'])).toBeUndefined();
		expect(headerValue(undefined)).toBeUndefined();
	});
});
