import type { INodeParameters } from 'n8n-workflow';
import { FIXTURES } from '../emulator/index.cjs';
import { useEmulator } from './v2/helpers.cjs';

/**
 * Project given as text that is no project: "null" or "undefined" (a missing value an expression turned into
 * text), or text holding an invisible character. Refused naming the field before anything is sent, in version 2
 * (the locator) and version 1 (text), whose error never mentions a From List it does not have.
 */
const ctx = useEmulator();
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const webhookGetAll = { resource: 'webhook', operation: 'getAll', returnAll: true };

const falseProjects: Array<[string, string, RegExp]> = [
	['the text "null"', 'null', /^is the text "null", not a project ID/],
	['the text "undefined"', 'undefined', /^is the text "undefined", not a project ID/],
	['"NULL" with spaces', '  NULL ', /^is the text "NULL", not a project ID/],
	['a zero-width space alone', '\u200B', /^holds an invisible character \(U\+200B, e\.g\. a zero-width space\)/],
	['an ID with a zero-width space after it', `${FIXTURES.productionProjectId}\u200B`, /^holds an invisible character \(U\+200B/],
	['a byte order mark', '\uFEFF', /^holds an invisible character \(U\+FEFF/],
	['a word joiner', '\u2060', /^holds an invisible character \(U\+2060/],
];

describe('Project given as text that is no project', () => {
	it.each(falseProjects)('version 2, typed By ID: %s', async (_name, value, rule) => {
		const { error, items } = await ctx.run({ ...webhookGetAll, projectId: byId(value) } as INodeParameters);
		expect(items).toEqual([]);
		expect(error?.message.replace(/^Project: /, '')).toMatch(rule);
		expect(error?.message).toMatch(/^Project: /);
		expect(ctx.sent()).toEqual([]);
	});

	it.each(falseProjects)('version 2, from an expression, under Continue On Fail: %s fails its item only', async (_name, value, rule) => {
		const { error, items } = await ctx.run({ ...webhookGetAll, projectId: byId('={{ $json.project }}') } as INodeParameters, {
			input: [{ project: value }, { project: FIXTURES.productionProjectId }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		const failed = items.filter((item) => item.json.error !== undefined);
		expect(failed.map((item) => item.pairedItem)).toEqual([{ item: 0 }]);
		expect(String(failed[0].json.error).replace(/^Project: /, '')).toMatch(rule);
		expect(ctx.sent().map((request) => request.path)).toEqual([`/management/v1/projects/${FIXTURES.productionProjectId}/webhooks`]);
	});

	it.each(falseProjects)('version 1 (Project ID is text): %s', async (_name, value, rule) => {
		const { error } = await ctx.run({ resource: 'webhook', operation: 'delete', projectId: value, webhookId: 'wh_3' } as INodeParameters, { typeVersion: 1 });
		expect(error?.message).toMatch(/^Project ID: /);
		expect(error?.message.replace(/^Project ID: /, '')).toMatch(rule);
		expect(error?.message).not.toContain('From List');
		expect(ctx.sent()).toEqual([]);
	});

	it('the "null" error names the way to the credential\'s project each version has', async () => {
		const v2 = await ctx.run({ ...webhookGetAll, projectId: byId('null') } as INodeParameters);
		expect(v2.error?.message).toContain(`choose "The credential's project" in From List`);
		const v1 = await ctx.run({ resource: 'webhook', operation: 'delete', projectId: 'null', webhookId: 'wh_3' } as INodeParameters, { typeVersion: 1 });
		expect(v1.error?.message).toContain("leave the field empty, without an expression, to use the credential's Project ID");
	});

	it("version 1: an expression that gives nothing says how to use the credential's project without a From List", async () => {
		const { error } = await ctx.run({ resource: 'webhook', operation: 'delete', projectId: '={{ $json.project }}', webhookId: 'wh_3' } as INodeParameters, {
			input: [{ project: '' }],
			typeVersion: 1,
		});
		expect(error?.message).toBe("Project ID: its expression gave nothing (empty, null or missing); name a project, or leave the field empty, without an expression, to use the credential's Project ID");
		expect(ctx.sent()).toEqual([]);
	});

	it('a project ID that merely contains "null" is a project like any other', async () => {
		const { error } = await ctx.run({ ...webhookGetAll, projectId: byId('proj_nullable') } as INodeParameters);
		expect(error?.message ?? '').not.toMatch(/not a project ID|invisible/);
		expect(ctx.sent().map((request) => request.path)).toEqual(['/management/v1/projects/proj_nullable/webhooks']);
	});
});
