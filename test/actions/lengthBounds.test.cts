import type { INodeParameters } from 'n8n-workflow';
import { EMAIL_LENGTH, ID_LENGTH, lengthBoundOf } from '../../nodes/LoyaltyPromotions/shared/validate';
import { RESOURCES } from '../../nodes/LoyaltyPromotions/actions/resources';
import { useEmulator } from './v2/helpers.cjs';

/**
 * IDs, codes and emails have a length bound (the contract gives none: 1,000 characters for IDs and codes, 254 for
 * emails). Longer ones are refused naming the field and the limit before anything is sent; one at the bound is
 * sent. Typed, from an expression, in a locator, in a collection, and in a batch.
 */
const ctx = useEmulator();

const tooLong = (bound: { max: number }) => 'x'.repeat(bound.max + 1);
const atBound = (bound: { max: number }) => 'x'.repeat(bound.max);
const idRule = /must be at most 1,000 characters, as IDs and codes are \(got 1,001\)$/;
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

describe('length bounds of IDs, codes and emails', () => {
	it('a 200 KB voucher code is refused naming Voucher and the limit, nothing sent', async () => {
		const code = 'A'.repeat(200 * 1024);
		const { error, items } = await ctx.run({ resource: 'voucher', operation: 'get', code: byId(code) } as INodeParameters);
		expect(items).toEqual([]);
		expect(error?.message).toBe('Voucher: must be at most 1,000 characters, as IDs and codes are (got 204,800)');
		expect(error?.description).toBe('Nothing was sent to the service.');
		expect(ctx.emu.control.requests()).toEqual([]);
	});

	it('an ID in a locator, one over the bound', () =>
		ctx.expectInvalid({ resource: 'customer', operation: 'get', customerId: byId(tooLong(ID_LENGTH)) } as INodeParameters, 'Customer', idRule));

	it('an ID from an expression', () =>
		ctx.expectInvalid({ resource: 'customer', operation: 'get', customerId: byId('={{ $json.id }}') } as INodeParameters, 'Customer', idRule, [{ id: tooLong(ID_LENGTH) }]));

	it('a source ID typed as text', () =>
		ctx.expectInvalid({ resource: 'customer', operation: 'upsert', sourceId: tooLong(ID_LENGTH) } as INodeParameters, 'Source ID', idRule));

	it('an email in Additional Fields', () =>
		ctx.expectInvalid(
			{ resource: 'customer', operation: 'upsert', sourceId: 'long-email', additionalFields: { email: `${'e'.repeat(EMAIL_LENGTH.max - 11)}@example.com` } } as INodeParameters,
			'Email',
			/must be at most 254 characters, as email addresses are \(got 255\)$/,
		));

	it('a voucher code in Update in Bulk, under Continue On Fail: that item fails, the others are sent', async () => {
		const { items } = await ctx.run(
			{ resource: 'voucher', operation: 'updateInBulk', code: '={{ $json.code }}', metadataJson: '{"a":1}' } as INodeParameters,
			{ input: [{ code: 'short-1' }, { code: tooLong(ID_LENGTH) }], continueOnFail: true },
		);
		const refused = items.filter((item) => /as IDs and codes are/.test(String(item.json.error)));
		expect(refused.map((item) => item.pairedItem)).toEqual([{ item: 1 }]);
		expect(String(refused[0].json.error)).toMatch(/^Code: /);
		const sent = JSON.stringify(ctx.sent().map((request) => request.body));
		expect(sent).toContain('short-1');
		expect(sent).not.toContain(tooLong(ID_LENGTH));
	});

	it('values at the bound are sent', async () => {
		await ctx.run({ resource: 'customer', operation: 'get', customerId: byId(atBound(ID_LENGTH)) } as INodeParameters);
		const email = `${'e'.repeat(EMAIL_LENGTH.max - 12)}@example.com`;
		expect(email).toHaveLength(EMAIL_LENGTH.max);
		const { error } = await ctx.run({ resource: 'customer', operation: 'upsert', sourceId: atBound(ID_LENGTH), additionalFields: { email } } as INodeParameters);
		expect(error?.message ?? '').not.toMatch(/must be at most/);
		const sent = ctx.sent();
		expect(sent[0].path).toBe(`/v1/customers/${atBound(ID_LENGTH)}`);
		expect(sent[1].body).toMatchObject({ source_id: atBound(ID_LENGTH), email });
	});
});

describe('which parameters are bounded, across the catalogue', () => {
	/** Every text parameter of every operation, collections' fields included. */
	function textParameters(): Array<{ name: string; displayName: string }> {
		const found: Array<{ name: string; displayName: string }> = [];
		const walk = (properties: unknown[]) => {
			for (const property of properties as Array<{ name: string; displayName: string; type: string; options?: unknown[]; values?: unknown[] }>) {
				if (property.type === 'string') found.push(property);
				for (const option of property.options ?? []) {
					const nested = option as { type?: string; values?: unknown[] };
					if (nested.type) walk([nested]);
					if (nested.values) walk(nested.values);
				}
			}
		};
		for (const resource of RESOURCES) for (const operation of resource.operations) walk(operation.properties);
		return found;
	}

	it('every single ID, code and email text field has a bound, and names that hold something else have none', () => {
		const parameters = textParameters();
		expect(parameters.length).toBeGreaterThan(100);
		const unbounded: string[] = [];
		for (const property of parameters) {
			const bound = lengthBoundOf(property);
			const singleIdOrCode = /^(?:.* )?(?:ID|Code)$/.test(property.displayName);
			if (singleIdOrCode && bound !== ID_LENGTH) unbounded.push(`${property.displayName} (${property.name})`);
			if (/email/i.test(property.name)) expect(bound).toBe(EMAIL_LENGTH);
			if (/Ids$|Codes$/.test(property.name) || ['name', 'description', 'metadataJson'].includes(property.name)) expect(bound).toBeUndefined();
		}
		expect(unbounded).toEqual([]);
	});
});
