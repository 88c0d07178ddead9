import { FIXTURES } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { listSearch } from '../../harness/loadOptions.cjs';
import { useEmulator } from '../v2/helpers.cjs';

const ctx = useEmulator();
const resource = 'managementCampaignTemplate';
const run = (operation: string, parameters: Record<string, unknown> = {}) => ctx.run({ authentication: 'managementKeys', resource, operation, ...parameters } as never);
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const templatesPath = (project: string) => `/management/v1/projects/${project}/templates/campaigns`;

describe('Campaign Template (management): Get Many of a project, Copy to Project', () => {
	it("lists the credential project's templates page by page with Return All", async () => {
		const { items, error } = await run('getAll', { returnAll: true, filters: { order: '-id' } });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual([FIXTURES.campaignTemplateGiftId, FIXTURES.campaignTemplateId]);
		expect(items[0].json.json_template).toBeUndefined();
		expect(ctx.sent()[0]).toMatchObject({ method: 'GET', path: templatesPath(FIXTURES.projectId), query: { order: '-id', limit: '100' } });
	});

	it('copies a template into another project under a new name, where Get Many then finds it', async () => {
		const copied = await run('copy', {
			campaignTemplateId: { __rl: true, mode: 'list', value: FIXTURES.campaignTemplateId, cachedResultName: 'Discount template' },
			destinationProjectId: byId(FIXTURES.productionProjectId),
			name: 'Discount template (production)',
		});
		expect(copied.error).toBeUndefined();
		expect(ctx.sent()[0]).toEqual({
			method: 'POST',
			path: `${templatesPath(FIXTURES.projectId)}/${FIXTURES.campaignTemplateId}/copy`,
			query: {},
			body: { name: 'Discount template (production)', destination_project_id: FIXTURES.productionProjectId },
		});
		expect(copied.items[0].json).toMatchObject({ object: 'campaign_template', name: 'Discount template (production)', campaign_type: 'DISCOUNT_COUPONS' });
		const inProduction = await run('getAll', { projectId: byId(FIXTURES.productionProjectId), returnAll: true });
		expect(inProduction.items.map((item) => item.json.id)).toEqual([copied.items[0].json.id]);
	});

	it('maps the 404 of an unknown destination project', async () => {
		const { error } = await run('copy', { campaignTemplateId: byId(FIXTURES.campaignTemplateId), destinationProjectId: byId('proj_missing'), name: 'Copy' });
		expect(error?.httpCode).toBe('404');
	});

	it("From List shows the source project's templates with their campaign type", async () => {
		const found = await listSearch('searchManagementCampaignTemplates', { parameters: { authentication: 'managementKeys', resource, operation: 'copy' }, credentials: credentialsFor(ctx.emu) }, 'gift');
		expect(found.results).toEqual([{ name: 'Gift template (GIFT_VOUCHERS)', value: FIXTURES.campaignTemplateGiftId }]);
	});

	describe('refuses before sending', () => {
		const base = { authentication: 'managementKeys', resource, operation: 'copy', campaignTemplateId: byId(FIXTURES.campaignTemplateId) };
		it('a copy without a name', () => ctx.expectInvalid({ ...base, destinationProjectId: byId(FIXTURES.productionProjectId), name: '={{ "" }}' }, 'Name', /is required/));
		it('a copy without a destination project', () => ctx.expectInvalid({ ...base, destinationProjectId: byId('={{ "" }}'), name: 'Copy' }, 'Destination Project', /is required/));
	});
});
