/** A plain axios client walks every endpoint of the spec (every registered route) with a happy call. */
import { FIXTURES, setup, TestEnv } from './helpers.cjs';
import { AREA_FIXTURES } from '../routes/areas.cjs';

let t: TestEnv;
beforeAll(async () => {
	t = await setup();
});
afterAll(() => t.emu.stop());

type Call = (t: TestEnv, B: Record<string, string>, ctx: Record<string, string>) => Promise<{ status: number; data: any }>;
const P = `/management/v1/projects/${FIXTURES.projectId}`;
const Q = `/management/v1/projects/${FIXTURES.productionProjectId}`;
const MEMBERS = `/v2/loyalties/programs/${FIXTURES.programActive}/members`;
const CARD = `${MEMBERS}/${FIXTURES.memberId}/cards/${FIXTURES.cardId}`;
const REPORT_RANGE = 'start_date=2024-01-01&end_date=2024-01-31&resolution=week';
const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
const MULTIPART = 'multipart/form-data; boundary=walk';
const multipart = (csv: string) => `--walk\r\nContent-Disposition: form-data; name="file"; filename="f.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--walk--\r\n`;

const newProject = (name: string) => ({ name, case_sensitive_codes: false, timezone: 'UTC', currency: 'EUR' });
const newTier = (name: string) => ({ name, action: { discount: { type: 'PERCENT', percent_off: 5 } } });
const newStack = (name: string) => ({ name, tiers: { ids: [FIXTURES.promotionTierIds[0]] } });
const newSchema = (name: string) => ({ name, schema: { properties: { carrier: { type: 'string', optional: true } } } });

const CALLS: Record<string, Call> = {
	'POST /v1/oauth/token': (t) => t.http.post('/v1/oauth/token', 'grant_type=client_credentials&scope=api', { headers: { ...t.A, ...form } }),
	'POST /v1/oauth/introspect': (t, B) => t.http.post('/v1/oauth/introspect', `access_token=${B.Authorization.slice(7)}`, { headers: { ...t.A, ...form } }),
	'POST /v1/oauth/token/revoke': (t) => t.http.post('/v1/oauth/token/revoke', 'access_token=unknown', { headers: { ...t.A, ...form } }),
	'POST /v2/oauth/token': (t) => {
		const key = Buffer.from(`${t.emu.credentials.serviceKeyId}:${t.emu.credentials.serviceKeySecret}`).toString('base64');
		const body = `grant_type=client_credentials&scope=vouchers.read&project_id=${FIXTURES.projectId}`;
		return t.http.post('/v2/oauth/token', body, { headers: { Authorization: `Basic ${key}`, ...form } });
	},
	'GET /management/v1/projects/{projectId}': (t) => t.http.get(P, { headers: t.M }),
	'GET /management/v1/projects/{projectId}/custom-event-schemas': (t) => t.http.get(`${P}/custom-event-schemas`, { headers: t.M }),
	'POST /management/v1/projects/{projectId}/webhooks': async (t, _B, ctx) => {
		const r = await t.http.post(`${P}/webhooks`, { target_url: 'https://example.com/h', events: ['customer.created'] }, { headers: t.M });
		ctx.webhookId = r.data.id;
		return r;
	},
	// projects and custom event schemas (each call makes what it reads, so the calls run in any order)
	'GET /management/v1/projects': (t) => t.http.get('/management/v1/projects', { headers: t.M }),
	'POST /management/v1/projects': (t) => t.http.post('/management/v1/projects', newProject('walk-create'), { headers: t.M }),
	'PUT /management/v1/projects/{projectId}': async (t) => {
		const id = (await t.http.post('/management/v1/projects', newProject('walk-put'), { headers: t.M })).data.id;
		return t.http.put(`/management/v1/projects/${id}`, { description: 'walked' }, { headers: t.M });
	},
	'DELETE /management/v1/projects/{projectId}': async (t) => {
		const id = (await t.http.post('/management/v1/projects', newProject('walk-delete'), { headers: t.M })).data.id;
		return t.http.delete(`/management/v1/projects/${id}`, { headers: t.M });
	},
	'POST /management/v1/projects/{projectId}/custom-event-schemas': (t) => t.http.post(`${P}/custom-event-schemas`, newSchema('walk_create'), { headers: t.M }),
	'GET /management/v1/projects/{projectId}/custom-event-schemas/{customEventSchemaId}': (t) => t.http.get(`${P}/custom-event-schemas/${FIXTURES.customEventSchemaIds[0]}`, { headers: t.M }),
	'PUT /management/v1/projects/{projectId}/custom-event-schemas/{customEventSchemaId}': async (t) => {
		const id = (await t.http.post(`${P}/custom-event-schemas`, newSchema('walk_put'), { headers: t.M })).data.id;
		return t.http.put(`${P}/custom-event-schemas/${id}`, newSchema('walk_put'), { headers: t.M });
	},
	'DELETE /management/v1/projects/{projectId}/custom-event-schemas/{customEventSchemaId}': async (t) => {
		const id = (await t.http.post(`${P}/custom-event-schemas`, newSchema('walk_delete'), { headers: t.M })).data.id;
		return t.http.delete(`${P}/custom-event-schemas/${id}`, { headers: t.M });
	},
	'GET /management/v1/projects/{projectId}/webhooks': (t) => t.http.get(`${P}/webhooks`, { headers: t.M }),
	'GET /management/v1/projects/{projectId}/webhooks/{webhookId}': (t, _B, ctx) => t.http.get(`${P}/webhooks/${ctx.webhookId}`, { headers: t.M }),
	'PUT /management/v1/projects/{projectId}/webhooks/{webhookId}': (t, _B, ctx) => t.http.put(`${P}/webhooks/${ctx.webhookId}`, { target_url: 'https://example.com/walked', events: ['customer.created'], active: false }, { headers: t.M }),
	'DELETE /management/v1/projects/{projectId}/webhooks/{webhookId}': (t, _B, ctx) => t.http.delete(`${P}/webhooks/${ctx.webhookId}`, { headers: t.M }),
	'GET /v1/loyalties/members/{memberId}/pending-points': (t) => t.http.get(`/v1/loyalties/members/${FIXTURES.memberWithPendingPoints}/pending-points`, { headers: t.A }),
	'GET /v1/loyalties/{campaignId}/members/{memberId}/pending-points': (t) =>
		t.http.get(`/v1/loyalties/${FIXTURES.campaignId}/members/${FIXTURES.memberWithPendingPoints}/pending-points`, { headers: t.A }),
	'GET /v1/loyalties/members/{memberId}/activity': (t) => t.http.get(`/v1/loyalties/members/${FIXTURES.memberWithManyActivities}/activity`, { headers: t.A }),
	'GET /v1/loyalties/{campaignId}/members/{memberId}/activity': (t) =>
		t.http.get(`/v1/loyalties/${FIXTURES.campaignId}/members/${FIXTURES.memberWithManyActivities}/activity`, { headers: t.A }),
	'GET /v2/loyalties/programs/{programId}/members/{memberId}/cards/{cardId}/pending-points': (t, B) =>
		t.http.get(`/v2/loyalties/programs/${FIXTURES.programActive}/members/${FIXTURES.memberId}/cards/${FIXTURES.cardId}/pending-points`, { headers: B }),
	'POST /v2/loyalties/programs/{programId}/rewards/batch': (t, B) =>
		t.http.post(`/v2/loyalties/programs/${FIXTURES.programActive}/rewards/batch`, { unassign: [{ id: FIXTURES.programRewardId }] }, { headers: B }),
	'PUT /v2/loyalties/card-definitions/{id}': (t, B) => t.http.put(`/v2/loyalties/card-definitions/${FIXTURES.cardDefinitionDraft}`, { name: 'n' }, { headers: B }),
	'PUT /v2/loyalties/tier-structures/{id}': (t, B) => t.http.put(`/v2/loyalties/tier-structures/${FIXTURES.tierStructureDraft}`, { name: 'n' }, { headers: B }),
	'PUT /v2/loyalties/programs/{id}': (t, B) => t.http.put(`/v2/loyalties/programs/${FIXTURES.programDraft}`, { name: 'n' }, { headers: B }),
	'GET /v1/customers/{customerId}/activities': (t) => t.http.get(`/v1/customers/${FIXTURES.customerId}/activities`, { headers: t.A }),
	'POST /v1/products/{productId}/skus': (t) => t.http.post(`/v1/products/${FIXTURES.productId}/skus`, { source_id: 'walk' }, { headers: t.A }),
	'PUT /v1/products/{productId}/skus/{skuId}': (t) => t.http.put(`/v1/products/${FIXTURES.productId}/skus/${FIXTURES.skuId}`, { price: 1 }, { headers: t.A }),
	'GET /v1/categories': (t) => t.http.get('/v1/categories', { headers: t.A }),
	'POST /v1/rewards/{rewardId}/assignments': (t) => t.http.post(`/v1/rewards/${FIXTURES.rewardId}/assignments`, { campaign: FIXTURES.campaignId, parameters: { loyalty: { points: 1 } } }, { headers: t.A }),
	'GET /v1/templates/campaigns/{campaignTemplateId}': (t) => t.http.get(`/v1/templates/campaigns/${FIXTURES.campaignTemplateId}?expand=json_template`, { headers: t.A }),
	'POST /v1/events': (t) => t.http.post('/v1/events', { event: 'walk', customer: { source_id: 'walker' } }, { headers: t.A }),
	// Voucher engine
	'POST /v1/vouchers': (t) => t.http.post('/v1/vouchers', { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 100 } }, { headers: t.A }),
	'POST /v1/vouchers/{code}': (t) => t.http.post('/v1/vouchers/WALK-1', { type: 'GIFT_VOUCHER', gift: { amount: 1000 } }, { headers: t.A }),
	'GET /v1/vouchers': (t) => t.http.get('/v1/vouchers?limit=3', { headers: t.A }),
	'GET /v1/vouchers/{code}': (t) => t.http.get('/v1/vouchers/WALK-1', { headers: t.A }),
	'PUT /v1/vouchers/{code}': (t) => t.http.put('/v1/vouchers/WALK-1', { additional_info: 'walked' }, { headers: t.A }),
	'POST /v1/vouchers/{code}/disable': (t) => t.http.post('/v1/vouchers/WALK-1/disable', undefined, { headers: t.A }),
	'POST /v1/vouchers/{code}/enable': (t) => t.http.post('/v1/vouchers/WALK-1/enable', undefined, { headers: t.A }),
	'POST /v1/vouchers/{code}/balance': (t) => t.http.post('/v1/vouchers/WALK-1/balance', { amount: 500 }, { headers: t.A }),
	'GET /v1/vouchers/{code}/transactions': (t) => t.http.get('/v1/vouchers/WALK-1/transactions', { headers: t.A }),
	'DELETE /v1/vouchers/{code}': (t) => t.http.delete('/v1/vouchers/WALK-1', { headers: t.A }),
	'GET /v1/campaigns': (t) => t.http.get('/v1/campaigns', { headers: t.A }),
	'GET /v1/campaigns/{campaignId}': (t) => t.http.get(`/v1/campaigns/${FIXTURES.campaignId}`, { headers: t.A }),
	'POST /v1/campaigns/{campaignId}/vouchers': (t) => t.http.post(`/v1/campaigns/${FIXTURES.discountCampaignId}/vouchers?vouchers_count=2`, {}, { headers: t.A }),
	'POST /v1/campaigns/{campaignId}/vouchers/{code}': (t) => t.http.post(`/v1/campaigns/${FIXTURES.discountCampaignId}/vouchers/WALK-2`, {}, { headers: t.A }),
	'POST /v1/campaigns': async (t, _B, ctx) => {
		const r = await t.http.post('/v1/campaigns', { name: 'Walk', campaign_type: 'GIFT_VOUCHERS', voucher: { type: 'GIFT_VOUCHER', gift: { amount: 100 } }, vouchers_count: 1 }, { headers: t.A });
		ctx.campaignId = r.data.id;
		return r;
	},
	'PUT /v1/campaigns/{campaignId}': (t, _B, ctx) => t.http.put(`/v1/campaigns/${ctx.campaignId}`, { description: 'walked' }, { headers: t.A }),
	'POST /v1/campaigns/{campaignId}/disable': (t, _B, ctx) => t.http.post(`/v1/campaigns/${ctx.campaignId}/disable`, undefined, { headers: t.A }),
	'POST /v1/campaigns/{campaignId}/enable': (t, _B, ctx) => t.http.post(`/v1/campaigns/${ctx.campaignId}/enable`, undefined, { headers: t.A }),
	'GET /v1/campaigns/{campaignId}/summary': (t, _B, ctx) => t.http.get(`/v1/campaigns/${ctx.campaignId}/summary?start_date=2025-01-01`, { headers: t.A }),
	'GET /v1/campaigns/{campaignId}/transactions': (t) => t.http.get(`/v1/campaigns/${FIXTURES.giftCampaignId}/transactions?limit=5`, { headers: t.A }),
	'POST /v1/campaigns/{campaignId}/transactions/export': (t) =>
		t.http.post(`/v1/campaigns/${FIXTURES.giftCampaignId}/transactions/export`, { parameters: { fields: ['id', 'amount'] } }, { headers: t.A }),
	'DELETE /v1/campaigns/{campaignId}': (t, _B, ctx) => t.http.delete(`/v1/campaigns/${ctx.campaignId}?force=true`, { headers: t.A }),
	'POST /v1/publications': (t) => t.http.post('/v1/publications', { campaign: { name: FIXTURES.welcomeCampaignName }, customer: { source_id: 'walker' } }, { headers: t.A }),
	'GET /v1/publications': (t) => t.http.get('/v1/publications', { headers: t.A }),
	'POST /v1/validations': (t) => t.http.post('/v1/validations', { redeemables: [{ object: 'voucher', id: FIXTURES.percentCode }], order: { amount: 1000 } }, { headers: t.A }),
	'POST /v1/qualifications': (t) => t.http.post('/v1/qualifications', { customer: { id: FIXTURES.customerId } }, { headers: t.A }),
	'POST /v1/redemptions': async (t, _B, ctx) => {
		const r = await t.http.post('/v1/redemptions', { redeemables: [{ object: 'voucher', id: FIXTURES.percentCode }, { object: 'voucher', id: 'WALK-2' }], order: { amount: 1000 } }, { headers: t.A });
		ctx.parentRedemption = r.data.parent_redemption?.id;
		return r;
	},
	'GET /v1/redemptions': (t) => t.http.get('/v1/redemptions', { headers: t.A }),
	'GET /v1/redemptions/{redemptionId}': (t, _B, ctx) => t.http.get(`/v1/redemptions/${ctx.parentRedemption}`, { headers: t.A }),
	'POST /v1/redemptions/{redemptionId}/rollbacks': (t, _B, ctx) => t.http.post(`/v1/redemptions/${ctx.parentRedemption}/rollbacks`, {}, { headers: t.A }),
	'POST /v1/redemptions/{redemptionId}/rollback': (t) => t.http.post(`/v1/redemptions/${FIXTURES.redemptionIds[0]}/rollback?reason=walk`, {}, { headers: t.A }),
	'GET /v1/loyalties': (t) => t.http.get('/v1/loyalties', { headers: t.A }),
	'POST /v1/loyalties/{campaignId}/members': (t) => t.http.post(`/v1/loyalties/${FIXTURES.campaignOtherId}/members`, { customer: { source_id: 'walker' } }, { headers: t.A }),
	'GET /v1/loyalties/{campaignId}/members': (t) => t.http.get(`/v1/loyalties/${FIXTURES.campaignId}/members`, { headers: t.A }),
	'GET /v1/loyalties/members/{memberId}': (t) => t.http.get(`/v1/loyalties/members/${FIXTURES.memberWithPendingPoints}`, { headers: t.A }),
	'GET /v1/loyalties/{campaignId}/members/{memberId}': (t) => t.http.get(`/v1/loyalties/${FIXTURES.campaignId}/members/${FIXTURES.memberWithPendingPoints}`, { headers: t.A }),
	'POST /v1/loyalties/members/{memberId}/balance': (t) => t.http.post(`/v1/loyalties/members/${FIXTURES.memberWithPendingPoints}/balance`, { points: 5 }, { headers: t.A }),
	'POST /v1/loyalties/{campaignId}/members/{memberId}/balance': (t) => t.http.post(`/v1/loyalties/${FIXTURES.campaignId}/members/${FIXTURES.memberWithPendingPoints}/balance`, { points: 5 }, { headers: t.A }),
	'POST /v1/loyalties/members/{memberId}/redemption': (t) =>
		t.http.post(`/v1/loyalties/members/${FIXTURES.memberWithManyActivities}/redemption`, { reward: { id: FIXTURES.loyaltyRewardId } }, { headers: t.A }),
	'POST /v1/loyalties/{campaignId}/members/{memberId}/redemption': (t) =>
		t.http.post(`/v1/loyalties/${FIXTURES.campaignId}/members/${FIXTURES.memberWithManyActivities}/redemption`, { reward: { id: FIXTURES.loyaltyRewardId } }, { headers: t.A }),
	'GET /v1/loyalties/members/{memberId}/transactions': (t) => t.http.get(`/v1/loyalties/members/${FIXTURES.memberWithPendingPoints}/transactions`, { headers: t.A }),
	'GET /v1/loyalties/{campaignId}/members/{memberId}/transactions': (t) =>
		t.http.get(`/v1/loyalties/${FIXTURES.campaignId}/members/${FIXTURES.memberWithPendingPoints}/transactions`, { headers: t.A }),
	// Commerce
	'GET /v1/customers': (t) => t.http.get('/v1/customers?limit=5&page=2', { headers: t.A }),
	'POST /v1/customers': async (t, _B, ctx) => {
		const r = await t.http.post('/v1/customers', { source_id: 'walk-customer', name: 'Walker' }, { headers: t.A });
		ctx.customerId = r.data.id;
		return r;
	},
	'GET /v1/customers/{customerId}': (t, _B, ctx) => t.http.get(`/v1/customers/${ctx.customerId}`, { headers: t.A }),
	'PUT /v1/customers/{customerId}': (t, _B, ctx) => t.http.put(`/v1/customers/${ctx.customerId}`, { phone: '1' }, { headers: t.A }),
	'DELETE /v1/customers/{customerId}': (t, _B, ctx) => t.http.delete(`/v1/customers/${ctx.customerId}`, { headers: t.A }),
	'GET /v1/orders': (t) => t.http.get('/v1/orders?page=3', { headers: t.A }),
	'POST /v1/orders': (t) => t.http.post('/v1/orders', { source_id: 'walk-order', items: [{ sku_id: FIXTURES.skuId, quantity: 2, price: 100 }] }, { headers: t.A }),
	'GET /v1/orders/{orderId}': (t) => t.http.get(`/v1/orders/${FIXTURES.orderId}`, { headers: t.A }),
	'PUT /v1/orders/{orderId}': (t) => t.http.put('/v1/orders/walk-order', { status: 'PAID' }, { headers: t.A }),
	'GET /v1/products': (t) => t.http.get('/v1/products', { headers: t.A }),
	'POST /v1/products': async (t, _B, ctx) => {
		const r = await t.http.post('/v1/products', { source_id: 'walk-product', name: 'Walk' }, { headers: t.A });
		ctx.productId = r.data.id;
		return r;
	},
	'GET /v1/products/{productId}': (t, _B, ctx) => t.http.get(`/v1/products/${ctx.productId}`, { headers: t.A }),
	'PUT /v1/products/{productId}': (t, _B, ctx) => t.http.put(`/v1/products/${ctx.productId}`, { price: 5 }, { headers: t.A }),
	'DELETE /v1/products/{productId}': (t, _B, ctx) => t.http.delete(`/v1/products/${ctx.productId}?force=true`, { headers: t.A }),
	'GET /v1/products/{productId}/skus': (t) => t.http.get(`/v1/products/${FIXTURES.productId}/skus`, { headers: t.A }),
	'GET /v1/skus/{skuId}': (t) => t.http.get(`/v1/skus/${FIXTURES.skuSourceId}`, { headers: t.A }),
	'POST /v1/skus/importCSV': async (t, _B, ctx) => {
		const r = await t.http.post('/v1/skus/importCSV', multipart('product_id,source_id\r\nproduct-1,walk-sku\r\n'), { headers: { ...t.A, 'Content-Type': MULTIPART } });
		ctx.asyncActionId = r.data.async_action_id;
		return r;
	},
	'POST /v1/products/importCSV': (t) => t.http.post('/v1/products/importCSV', multipart('name,source_id\r\nWalked,walk-import\r\n'), { headers: { ...t.A, 'Content-Type': MULTIPART } }),
	// Bulk jobs (branch bulk)
	'POST /v1/customers/bulk/async': (t) => t.http.post('/v1/customers/bulk/async', [{ source_id: 'walk-bulk', name: 'Walked' }], { headers: t.A }),
	'POST /v1/customers/metadata/async': (t) => t.http.post('/v1/customers/metadata/async', { source_ids: ['walk-bulk'], metadata: { walked: true } }, { headers: t.A }),
	'POST /v1/products/bulk/async': (t) => t.http.post('/v1/products/bulk/async', [{ source_id: 'walk-bulk', name: 'Walked' }], { headers: t.A }),
	'POST /v1/products/metadata/async': (t) => t.http.post('/v1/products/metadata/async', { source_ids: ['walk-bulk'], metadata: { walked: true } }, { headers: t.A }),
	'POST /v1/vouchers/bulk/async': (t) => t.http.post('/v1/vouchers/bulk/async', [{ code: 'WALK-1', metadata: { walked: true } }], { headers: t.A }),
	'POST /v1/vouchers/metadata/async': (t) => t.http.post('/v1/vouchers/metadata/async', { codes: ['WALK-1'], metadata: { walked: true } }, { headers: t.A }),
	'POST /v1/customers/importCSV': (t) => t.http.post('/v1/customers/importCSV', multipart('Source_id,Name\r\nwalk-csv,Walked\r\n'), { headers: { ...t.A, 'Content-Type': MULTIPART } }),
	// Imports (branch bulk, issue 23 second part)
	'POST /v1/vouchers/import': (t) => t.http.post('/v1/vouchers/import', [{ code: 'WALK-IMPORT', type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 } }], { headers: t.A }),
	'POST /v1/vouchers/importCSV': (t) =>
		t.http.post('/v1/vouchers/importCSV', multipart('Code,Voucher Type,Value,Discount Type\r\nWALK-CSV,DISCOUNT_VOUCHER,5,PERCENT\r\n'), { headers: { ...t.A, 'Content-Type': MULTIPART } }),
	'POST /v1/orders/import': (t) => t.http.post('/v1/orders/import', [{ source_id: 'walk-import-order', amount: 1000 }], { headers: t.A }),
	'POST /v1/campaigns/{campaignId}/import': (t) => t.http.post(`/v1/campaigns/${FIXTURES.discountCampaignId}/import`, [{ code: 'WALK-CAMP' }], { headers: t.A }),
	'POST /v1/campaigns/{campaignId}/importCSV': (t) =>
		t.http.post(`/v1/campaigns/${FIXTURES.discountCampaignId}/importCSV`, multipart('Code,Category\r\nWALK-CAMP-CSV,walked\r\n'), { headers: { ...t.A, 'Content-Type': MULTIPART } }),
	'GET /v1/async-actions/{asyncActionId}': (t, _B, ctx) => t.http.get(`/v1/async-actions/${ctx.asyncActionId}`, { headers: t.A }),
	'GET /v1/rewards': (t) => t.http.get('/v1/rewards?limit=5', { headers: t.A }),
	'POST /v1/exports': (t) => t.http.post('/v1/exports', { exported_object: 'order', parameters: { fields: ['id', 'status'] } }, { headers: t.A }),
	'GET /v1/exports': (t) => t.http.get('/v1/exports', { headers: t.A }),
	'GET /v1/exports/{exportId}': (t) => t.http.get(`/v1/exports/${FIXTURES.exportId}`, { headers: t.A }),
	'GET /v2/loyalties/programs': (t, B) => t.http.get('/v2/loyalties/programs?limit=2', { headers: B }),
	'GET /v2/loyalties/card-definitions': (t, B) => t.http.get('/v2/loyalties/card-definitions', { headers: B }),
	// branch loyaltyv2: a program created with what activation needs, then walked through its states and deleted
	'POST /v2/loyalties/programs': async (t, B, ctx) => {
		const body = { name: 'Walked', card_definitions: [{ id: FIXTURES.cardDefinitionActive }], earning_rules: [{ id: FIXTURES.earningRuleActive }] };
		const r = await t.http.post('/v2/loyalties/programs', body, { headers: B });
		ctx.programId = r.data.id;
		return r;
	},
	'GET /v2/loyalties/programs/{programId}': (t, B, ctx) => t.http.get(`/v2/loyalties/programs/${ctx.programId}`, { headers: B }),
	'POST /v2/loyalties/programs/{programId}/activate': (t, B, ctx) => t.http.post(`/v2/loyalties/programs/${ctx.programId}/activate`, undefined, { headers: B }),
	'POST /v2/loyalties/programs/{programId}/deactivate': (t, B, ctx) => t.http.post(`/v2/loyalties/programs/${ctx.programId}/deactivate`, undefined, { headers: B }),
	'GET /v2/loyalties/programs/{programId}/activities': (t, B, ctx) => t.http.get(`/v2/loyalties/programs/${ctx.programId}/activities?limit=2`, { headers: B }),
	'DELETE /v2/loyalties/programs/{programId}': (t, B, ctx) => t.http.delete(`/v2/loyalties/programs/${ctx.programId}`, { headers: B }),
	// branch management (issue 24): the collections inside a project, made in the second project and walked in order
	'POST /management/v1/projects/{projectId}/metadata-schemas': async (t, _B, ctx) => {
		const r = await t.http.post(`${Q}/metadata-schemas`, { related_object: 'walk', properties: { a: { type: 'string', optional: true, array: false } } }, { headers: t.M });
		ctx.metadataSchemaId = r.data.id;
		return r;
	},
	'GET /management/v1/projects/{projectId}/metadata-schemas': (t) => t.http.get(`${Q}/metadata-schemas`, { headers: t.M }),
	'GET /management/v1/projects/{projectId}/metadata-schemas/{metadataSchemaId}': (t, _B, ctx) => t.http.get(`${Q}/metadata-schemas/${ctx.metadataSchemaId}`, { headers: t.M }),
	'PUT /management/v1/projects/{projectId}/metadata-schemas/{metadataSchemaId}': (t, _B, ctx) =>
		t.http.put(`${Q}/metadata-schemas/${ctx.metadataSchemaId}`, { properties: { b: { type: 'number', optional: true, array: false } } }, { headers: t.M }),
	'DELETE /management/v1/projects/{projectId}/metadata-schemas/{metadataSchemaId}': (t, _B, ctx) => t.http.delete(`${Q}/metadata-schemas/${ctx.metadataSchemaId}`, { headers: t.M }),
	'POST /management/v1/projects/{projectId}/stacking-rules': async (t, _B, ctx) => {
		const r = await t.http.post(`${Q}/stacking-rules`, { redeemables_limit: 3 }, { headers: t.M });
		ctx.stackingRulesId = r.data.id;
		return r;
	},
	'GET /management/v1/projects/{projectId}/stacking-rules': (t) => t.http.get(`${Q}/stacking-rules`, { headers: t.M }),
	'GET /management/v1/projects/{projectId}/stacking-rules/{stackingRulesId}': (t, _B, ctx) => t.http.get(`${Q}/stacking-rules/${ctx.stackingRulesId}`, { headers: t.M }),
	'PUT /management/v1/projects/{projectId}/stacking-rules/{stackingRulesId}': (t, _B, ctx) => t.http.put(`${Q}/stacking-rules/${ctx.stackingRulesId}`, { redeemables_limit: 4 }, { headers: t.M }),
	'DELETE /management/v1/projects/{projectId}/stacking-rules/{stackingRulesId}': (t, _B, ctx) => t.http.delete(`${Q}/stacking-rules/${ctx.stackingRulesId}`, { headers: t.M }),
	'POST /management/v1/projects/{projectId}/branding': async (t, _B, ctx) => {
		const body = { brand: { name: 'Walk' }, address: { street: 's', city: 'c', postal: 'p', country: 'PL' }, contact: { email: 'w@example.com' } };
		const r = await t.http.post(`${Q}/branding`, body, { headers: t.M });
		ctx.brandingId = r.data.id;
		return r;
	},
	'GET /management/v1/projects/{projectId}/branding': (t) => t.http.get(`${Q}/branding`, { headers: t.M }),
	'GET /management/v1/projects/{projectId}/branding/{brandingId}': (t, _B, ctx) => t.http.get(`${Q}/branding/${ctx.brandingId}`, { headers: t.M }),
	'PUT /management/v1/projects/{projectId}/branding/{brandingId}': (t, _B, ctx) => t.http.put(`${Q}/branding/${ctx.brandingId}`, { contact: { phone: '1' } }, { headers: t.M }),
	'DELETE /management/v1/projects/{projectId}/branding/{brandingId}': (t, _B, ctx) => t.http.delete(`${Q}/branding/${ctx.brandingId}`, { headers: t.M }),
	'POST /management/v1/projects/{projectId}/users': (t) => t.http.post(`${Q}/users`, { login: FIXTURES.outsideUserLogin, role: 'VIEWER' }, { headers: t.M }),
	'GET /management/v1/projects/{projectId}/users': (t) => t.http.get(`${Q}/users`, { headers: t.M }),
	'GET /management/v1/projects/{projectId}/users/{userId}': (t) => t.http.get(`${P}/users/${FIXTURES.userIds[1]}`, { headers: t.M }),
	'PUT /management/v1/projects/{projectId}/users/{userId}': (t) => t.http.put(`${P}/users/${FIXTURES.userIds[1]}`, { role: 'VIEWER' }, { headers: t.M }),
	'DELETE /management/v1/projects/{projectId}/users/{userId}': async (t) => {
		await t.http.post(`${Q}/users`, { id: FIXTURES.userIds[1], role: 'USER' }, { headers: t.M });
		return t.http.delete(`${Q}/users/${FIXTURES.userIds[1]}`, { headers: t.M });
	},
	'POST /management/v1/projects/users/invite': (t) =>
		t.http.post('/management/v1/projects/users/invite', { email: 'walk@example.com', first_name: 'W', last_name: 'K', projects: { [FIXTURES.projectId]: 'USER' } }, { headers: t.M }),
	'GET /management/v1/projects/{projectId}/templates/campaigns': (t) => t.http.get(`${P}/templates/campaigns?limit=1&order=-id`, { headers: t.M }),
	'POST /management/v1/projects/{projectId}/templates/campaigns/{campaignTemplateId}/copy': (t) =>
		t.http.post(`${P}/templates/campaigns/${FIXTURES.campaignTemplateId}/copy`, { name: 'Walked copy', destination_project_id: FIXTURES.productionProjectId }, { headers: t.M }),
	// branch loyaltyv2: a member of the busy customer added to the active program, walked through its states and deleted
	'POST /v2/loyalties/programs/{programId}/members': async (t, B, ctx) => {
		const body = { customer_identification: { type: 'customer_id', customer_id: FIXTURES.customerWithManyActivities } };
		const r = await t.http.post(`${MEMBERS}`, body, { headers: B });
		ctx.memberId = r.data.id;
		return r;
	},
	'POST /v2/loyalties/programs/{programId}/members/batch': (t, B) =>
		t.http.post(`${MEMBERS}/batch`, [{ customer_identification: { type: 'customer_source_id', customer_source_id: FIXTURES.customerSourceId } }], { headers: B }),
	'GET /v2/loyalties/programs/{programId}/members': (t, B) => t.http.get(`${MEMBERS}?limit=2`, { headers: B }),
	'GET /v2/loyalties/programs/{programId}/members/{memberId}': (t, B, ctx) => t.http.get(`${MEMBERS}/${ctx.memberId}`, { headers: B }),
	'PUT /v2/loyalties/programs/{programId}/members/{memberId}': (t, B, ctx) => t.http.put(`${MEMBERS}/${ctx.memberId}`, { metadata: { walked: true } }, { headers: B }),
	'POST /v2/loyalties/programs/{programId}/members/{memberId}/deactivate': (t, B, ctx) => t.http.post(`${MEMBERS}/${ctx.memberId}/deactivate`, undefined, { headers: B }),
	'POST /v2/loyalties/programs/{programId}/members/{memberId}/activate': (t, B, ctx) => t.http.post(`${MEMBERS}/${ctx.memberId}/activate`, undefined, { headers: B }),
	'GET /v2/loyalties/programs/{programId}/members/{memberId}/activities': (t, B, ctx) => t.http.get(`${MEMBERS}/${ctx.memberId}/activities?limit=2`, { headers: B }),
	'GET /v2/loyalties/memberships/{customerId}': (t, B) => t.http.get(`/v2/loyalties/memberships/${FIXTURES.customerId}`, { headers: B }),
	'GET /v2/loyalties/programs/{programId}/memberships/{customerId}': (t, B) =>
		t.http.get(`/v2/loyalties/programs/${FIXTURES.programActive}/memberships/${FIXTURES.customerSourceId}?identification_type=customer_source_id`, { headers: B }),
	'DELETE /v2/loyalties/programs/{programId}/members/{memberId}': (t, B, ctx) => t.http.delete(`${MEMBERS}/${ctx.memberId}`, { headers: B }),
	// branch loyaltyv2: the fixture member's card: points added, lists read, one bucket of each kind settled
	'POST /v2/loyalties/programs/{programId}/members/{memberId}/cards/{cardId}/points': (t, B) => t.http.post(`${CARD}/points`, { points: 5, reason: 'walk' }, { headers: B }),
	'GET /v2/loyalties/programs/{programId}/members/{memberId}/cards/{cardId}/transactions': (t, B) => t.http.get(`${CARD}/transactions?limit=2`, { headers: B }),
	'GET /v2/loyalties/programs/{programId}/members/{memberId}/cards/{cardId}/activities': (t, B) => t.http.get(`${CARD}/activities?limit=2`, { headers: B }),
	'GET /v2/loyalties/programs/{programId}/members/{memberId}/cards/{cardId}/expiring-points': (t, B) => t.http.get(`${CARD}/expiring-points?limit=2`, { headers: B }),
	'POST /v2/loyalties/programs/{programId}/members/{memberId}/cards/{cardId}/expiring-points/{bucketId}/expire': (t, B) =>
		t.http.post(`${CARD}/expiring-points/${FIXTURES.expiringBucketIds[0]}/expire`, undefined, { headers: B }),
	'POST /v2/loyalties/programs/{programId}/members/{memberId}/cards/{cardId}/pending-points/{bucketId}/activate': (t, B) =>
		t.http.post(`${CARD}/pending-points/${FIXTURES.pendingBucketIds[0]}/activate`, undefined, { headers: B }),
	'POST /v2/loyalties/programs/{programId}/members/{memberId}/cards/{cardId}/pending-points/{bucketId}/cancel': (t, B) =>
		t.http.post(`${CARD}/pending-points/${FIXTURES.pendingBucketIds[1]}/cancel`, undefined, { headers: B }),
	// branch loyaltyv2: a reward purchased with the fixture card's points, listed, then refunded
	'GET /v2/loyalties/programs/{programId}/rewards': (t, B) => t.http.get(`/v2/loyalties/programs/${FIXTURES.programActive}/rewards`, { headers: B }),
	'POST /v2/loyalties/programs/{programId}/members/{memberId}/rewards/purchases': async (t, B, ctx) => {
		// (the reward batch above unassigned the fixture's reward: assign another first)
		const assign = [{ id: FIXTURES.v2RewardIds[1], stock: { type: 'UNLIMITED' } }];
		await t.http.post(`/v2/loyalties/programs/${FIXTURES.programActive}/rewards/batch`, { assign }, { headers: B });
		const r = await t.http.post(`${MEMBERS}/${FIXTURES.memberId}/rewards/purchases`, { reward_id: FIXTURES.v2RewardIds[1] }, { headers: B });
		ctx.purchaseId = r.data.transaction?.id;
		return r;
	},
	'GET /v2/loyalties/programs/{programId}/members/{memberId}/rewards/purchases': (t, B) => t.http.get(`${MEMBERS}/${FIXTURES.memberId}/rewards/purchases`, { headers: B }),
	'POST /v2/loyalties/programs/{programId}/rewards/purchases/{rewardTransactionId}/refund': (t, B, ctx) =>
		t.http.post(`/v2/loyalties/programs/${FIXTURES.programActive}/rewards/purchases/${ctx.purchaseId}/refund`, {}, { headers: B }),
	// branch loyaltyv2 (issue 21): an order paid with the fixture card's points, then the member's transaction lists
	'POST /v2/loyalties/programs/{programId}/members/{memberId}/orders/payments': (t, B) =>
		t.http.post(`${MEMBERS}/${FIXTURES.memberId}/orders/payments`, { card_id: FIXTURES.cardId, order: { source_id: FIXTURES.orderSourceId } }, { headers: B }),
	'GET /v2/loyalties/programs/{programId}/members/{memberId}/orders/payments': (t, B) => t.http.get(`${MEMBERS}/${FIXTURES.memberId}/orders/payments?limit=2`, { headers: B }),
	'GET /v2/loyalties/programs/{programId}/members/{memberId}/benefits/transactions': (t, B) => t.http.get(`${MEMBERS}/${FIXTURES.memberId}/benefits/transactions`, { headers: B }),
	'GET /v2/loyalties/programs/{programId}/members/{memberId}/tiers/transactions': (t, B) => t.http.get(`${MEMBERS}/${FIXTURES.memberId}/tiers/transactions?limit=1`, { headers: B }),
	// branch loyaltyv2 (issue 21): an earning rule and a benefit made, walked through their states, then deleted
	'POST /v2/loyalties/earning-rules': async (t, B, ctx) => {
		const r = await t.http.post('/v2/loyalties/earning-rules', { name: 'walk', trigger: { event: 'customer.order.paid' }, earnings: [{ effects: [{ type: 'POINTS', points: { value: 1, card_definition_id: FIXTURES.cardDefinitionActive } }] }] }, { headers: B });
		ctx.earningRuleId = r.data.id;
		return r;
	},
	'GET /v2/loyalties/earning-rules': (t, B) => t.http.get('/v2/loyalties/earning-rules?limit=1', { headers: B }),
	'GET /v2/loyalties/earning-rules/{id}': (t, B, ctx) => t.http.get(`/v2/loyalties/earning-rules/${ctx.earningRuleId}`, { headers: B }),
	'PUT /v2/loyalties/earning-rules/{id}': (t, B, ctx) => t.http.put(`/v2/loyalties/earning-rules/${ctx.earningRuleId}`, { name: 'walked' }, { headers: B }),
	'POST /v2/loyalties/earning-rules/{id}/activate': (t, B, ctx) => t.http.post(`/v2/loyalties/earning-rules/${ctx.earningRuleId}/activate`, undefined, { headers: B }),
	'POST /v2/loyalties/earning-rules/{id}/deactivate': (t, B, ctx) => t.http.post(`/v2/loyalties/earning-rules/${ctx.earningRuleId}/deactivate`, undefined, { headers: B }),
	'POST /v2/loyalties/earning-rules/{id}/draft': async (t, B, ctx) => {
		await t.http.post(`/v2/loyalties/earning-rules/${ctx.earningRuleId}/activate`, undefined, { headers: B });
		return t.http.post(`/v2/loyalties/earning-rules/${ctx.earningRuleId}/draft`, undefined, { headers: B });
	},
	'GET /v2/loyalties/earning-rules/{id}/activities': (t, B, ctx) => t.http.get(`/v2/loyalties/earning-rules/${ctx.earningRuleId}/activities?limit=2`, { headers: B }),
	'DELETE /v2/loyalties/earning-rules/{id}': (t, B, ctx) => t.http.delete(`/v2/loyalties/earning-rules/${ctx.earningRuleId}`, { headers: B }),
	'POST /v2/loyalties/benefits': async (t, B, ctx) => {
		const r = await t.http.post('/v2/loyalties/benefits', { name: 'walk', type: 'POINTS', points: { value: 1, card_definition_id: FIXTURES.cardDefinitionActive } }, { headers: B });
		ctx.benefitId = r.data.id;
		return r;
	},
	'GET /v2/loyalties/benefits': (t, B) => t.http.get('/v2/loyalties/benefits?limit=1', { headers: B }),
	'GET /v2/loyalties/benefits/{id}': (t, B, ctx) => t.http.get(`/v2/loyalties/benefits/${ctx.benefitId}`, { headers: B }),
	'PUT /v2/loyalties/benefits/{id}': (t, B, ctx) => t.http.put(`/v2/loyalties/benefits/${ctx.benefitId}`, { name: 'walked' }, { headers: B }),
	'POST /v2/loyalties/benefits/{id}/activate': (t, B, ctx) => t.http.post(`/v2/loyalties/benefits/${ctx.benefitId}/activate`, undefined, { headers: B }),
	'POST /v2/loyalties/benefits/{id}/draft': (t, B, ctx) => t.http.post(`/v2/loyalties/benefits/${ctx.benefitId}/draft`, undefined, { headers: B }),
	'GET /v2/loyalties/benefits/{id}/activities': (t, B, ctx) => t.http.get(`/v2/loyalties/benefits/${ctx.benefitId}/activities`, { headers: B }),
	'DELETE /v2/loyalties/benefits/{id}': (t, B, ctx) => t.http.delete(`/v2/loyalties/benefits/${ctx.benefitId}`, { headers: B }),
	// branch v2rewards (issue 21): a reward made, walked through its states, then deleted
	'POST /v2/loyalties/rewards': async (t, B, ctx) => {
		const costs = [{ spending: [{ points: 10, card_definition_id: FIXTURES.cardDefinitionActive }] }];
		const r = await t.http.post('/v2/loyalties/rewards', { name: 'walk', type: 'MATERIAL', material: { type: 'PRODUCT', product: { id: FIXTURES.productId } }, costs }, { headers: B });
		ctx.rewardId = r.data.id;
		return r;
	},
	'GET /v2/loyalties/rewards': (t, B) => t.http.get('/v2/loyalties/rewards?limit=1', { headers: B }),
	'GET /v2/loyalties/rewards/{id}': (t, B, ctx) => t.http.get(`/v2/loyalties/rewards/${ctx.rewardId}`, { headers: B }),
	'PUT /v2/loyalties/rewards/{id}': (t, B, ctx) => t.http.put(`/v2/loyalties/rewards/${ctx.rewardId}`, { name: 'walked' }, { headers: B }),
	'POST /v2/loyalties/rewards/{id}/activate': (t, B, ctx) => t.http.post(`/v2/loyalties/rewards/${ctx.rewardId}/activate`, undefined, { headers: B }),
	'POST /v2/loyalties/rewards/{id}/deactivate': (t, B, ctx) => t.http.post(`/v2/loyalties/rewards/${ctx.rewardId}/deactivate`, undefined, { headers: B }),
	'POST /v2/loyalties/rewards/{id}/draft': async (t, B, ctx) => {
		await t.http.post(`/v2/loyalties/rewards/${ctx.rewardId}/activate`, undefined, { headers: B });
		return t.http.post(`/v2/loyalties/rewards/${ctx.rewardId}/draft`, undefined, { headers: B });
	},
	'GET /v2/loyalties/rewards/{id}/activities': (t, B, ctx) => t.http.get(`/v2/loyalties/rewards/${ctx.rewardId}/activities?limit=2`, { headers: B }),
	'DELETE /v2/loyalties/rewards/{id}': (t, B, ctx) => t.http.delete(`/v2/loyalties/rewards/${ctx.rewardId}`, { headers: B }),
	'POST /v2/loyalties/examine/rewards': (t, B) => t.http.post('/v2/loyalties/examine/rewards', { customer_identification: { type: 'member_id', member_id: FIXTURES.memberId } }, { headers: B }),
	'POST /v2/loyalties/examine/earning-rules': (t, B) =>
		t.http.post('/v2/loyalties/examine/earning-rules', { trigger: { type: 'ALL' }, customer_identification: { type: 'customer_id', customer_id: FIXTURES.customerId } }, { headers: B }),
	'PUT /v2/loyalties/programs/{programId}/rewards/{rewardId}': (t, B) =>
		t.http.put(`/v2/loyalties/programs/${FIXTURES.programActive}/rewards/${FIXTURES.programRewardUnlimitedId}`, { stock: { type: 'LIMITED', limited: { quantity: 5 } } }, { headers: B }),
	// branch loyaltyv2 (issue 21): the draft card definition read, activated, drafted again, its activities read, deleted
	'GET /v2/loyalties/card-definitions/{id}': (t, B) => t.http.get(`/v2/loyalties/card-definitions/${FIXTURES.cardDefinitionDraft}`, { headers: B }),
	'POST /v2/loyalties/card-definitions/{id}/activate': (t, B) => t.http.post(`/v2/loyalties/card-definitions/${FIXTURES.cardDefinitionDraft}/activate`, undefined, { headers: B }),
	'POST /v2/loyalties/card-definitions/{id}/draft': (t, B) => t.http.post(`/v2/loyalties/card-definitions/${FIXTURES.cardDefinitionDraft}/draft`, undefined, { headers: B }),
	'GET /v2/loyalties/card-definitions/{id}/activities': (t, B) => t.http.get(`/v2/loyalties/card-definitions/${FIXTURES.cardDefinitionDraft}/activities`, { headers: B }),
	'DELETE /v2/loyalties/card-definitions/{id}': (t, B) => t.http.delete(`/v2/loyalties/card-definitions/${FIXTURES.cardDefinitionDraft}`, { headers: B }),
	// branch loyaltyv2 (issue 21): the draft earned tier structure listed, read, walked through its states, deleted
	'GET /v2/loyalties/tier-structures': (t, B) => t.http.get('/v2/loyalties/tier-structures?limit=1', { headers: B }),
	'GET /v2/loyalties/tier-structures/{id}': (t, B) => t.http.get(`/v2/loyalties/tier-structures/${FIXTURES.tierStructureDraftEarned}`, { headers: B }),
	'POST /v2/loyalties/tier-structures/{id}/activate': (t, B) => t.http.post(`/v2/loyalties/tier-structures/${FIXTURES.tierStructureDraftEarned}/activate`, undefined, { headers: B }),
	'POST /v2/loyalties/tier-structures/{id}/draft': (t, B) => t.http.post(`/v2/loyalties/tier-structures/${FIXTURES.tierStructureDraftEarned}/draft`, undefined, { headers: B }),
	'POST /v2/loyalties/tier-structures/{id}/deactivate': async (t, B) => {
		await t.http.post(`/v2/loyalties/tier-structures/${FIXTURES.tierStructureDraftEarned}/activate`, undefined, { headers: B });
		return t.http.post(`/v2/loyalties/tier-structures/${FIXTURES.tierStructureDraftEarned}/deactivate`, undefined, { headers: B });
	},
	'GET /v2/loyalties/tier-structures/{id}/activities': (t, B) => t.http.get(`/v2/loyalties/tier-structures/${FIXTURES.tierStructureDraftEarned}/activities`, { headers: B }),
	'DELETE /v2/loyalties/tier-structures/{id}': (t, B) => t.http.delete(`/v2/loyalties/tier-structures/${FIXTURES.tierStructureDraftEarned}`, { headers: B }),
	// branch v1rest2: promotion tiers and stacks (each call makes what it changes, so the calls run in any order)
	'GET /v1/promotions/tiers': (t) => t.http.get('/v1/promotions/tiers?is_available=true', { headers: t.A }),
	'POST /v1/promotions/{campaignId}/tiers': (t) => t.http.post(`/v1/promotions/${FIXTURES.promotionCampaignId}/tiers`, newTier('walk-create'), { headers: t.A }),
	'GET /v1/promotions/{campaignId}/tiers': (t) => t.http.get(`/v1/promotions/${FIXTURES.promotionCampaignId}/tiers`, { headers: t.A }),
	'GET /v1/promotions/tiers/{promotionTierId}': (t) => t.http.get(`/v1/promotions/tiers/${FIXTURES.promotionTierIds[0]}`, { headers: t.A }),
	'PUT /v1/promotions/tiers/{promotionTierId}': (t) => t.http.put(`/v1/promotions/tiers/${FIXTURES.promotionTierIds[1]}`, { banner: 'walked' }, { headers: t.A }),
	'DELETE /v1/promotions/tiers/{promotionTierId}': async (t) => {
		const id = (await t.http.post(`/v1/promotions/${FIXTURES.promotionCampaignId}/tiers`, newTier('walk-delete'), { headers: t.A })).data.id;
		return t.http.delete(`/v1/promotions/tiers/${id}`, { headers: t.A });
	},
	'POST /v1/promotions/tiers/{promotionTierId}/enable': (t) => t.http.post(`/v1/promotions/tiers/${FIXTURES.promotionTierIds[0]}/enable`, undefined, { headers: t.A }),
	'POST /v1/promotions/tiers/{promotionTierId}/disable': async (t) => {
		const id = (await t.http.post(`/v1/promotions/${FIXTURES.promotionCampaignId}/tiers`, newTier('walk-disable'), { headers: t.A })).data.id;
		return t.http.post(`/v1/promotions/tiers/${id}/disable`, undefined, { headers: t.A });
	},
	'GET /v1/promotions/stacks': (t) => t.http.get('/v1/promotions/stacks?order=name&limit=5', { headers: t.A }),
	'GET /v1/promotions/{campaignId}/stacks': (t) => t.http.get(`/v1/promotions/${FIXTURES.promotionCampaignId}/stacks`, { headers: t.A }),
	'POST /v1/promotions/{campaignId}/stacks': (t) => t.http.post(`/v1/promotions/${FIXTURES.promotionCampaignId}/stacks`, newStack('walk-create'), { headers: t.A }),
	'GET /v1/promotions/{campaignId}/stacks/{stackId}': (t) => t.http.get(`/v1/promotions/${FIXTURES.promotionCampaignId}/stacks/${FIXTURES.promotionStackId}`, { headers: t.A }),
	'PUT /v1/promotions/{campaignId}/stacks/{stackId}': (t) =>
		t.http.put(`/v1/promotions/${FIXTURES.promotionCampaignId}/stacks/${FIXTURES.promotionStackId}`, { name: 'walked' }, { headers: t.A }),
	'DELETE /v1/promotions/{campaignId}/stacks/{stackId}': async (t) => {
		const id = (await t.http.post(`/v1/promotions/${FIXTURES.promotionCampaignId}/stacks`, newStack('walk-delete'), { headers: t.A })).data.id;
		return t.http.delete(`/v1/promotions/${FIXTURES.promotionCampaignId}/stacks/${id}`, { headers: t.A });
	},
	// branch v1rest2: validation rules and their assignments
	'GET /v1/validation-rules': (t) => t.http.get('/v1/validation-rules?limit=5', { headers: t.A }),
	'POST /v1/validation-rules': (t) => t.http.post('/v1/validation-rules', { name: 'walk-create' }, { headers: t.A }),
	'GET /v1/validation-rules/{validationRuleId}': (t) => t.http.get(`/v1/validation-rules/${FIXTURES.validationRuleIds[0]}`, { headers: t.A }),
	'PUT /v1/validation-rules/{validationRuleId}': (t) => t.http.put(`/v1/validation-rules/${FIXTURES.validationRuleIds[1]}`, { error: { message: 'walked' } }, { headers: t.A }),
	'DELETE /v1/validation-rules/{validationRuleId}': async (t) => {
		const id = (await t.http.post('/v1/validation-rules', { name: 'walk-delete' }, { headers: t.A })).data.id;
		return t.http.delete(`/v1/validation-rules/${id}`, { headers: t.A });
	},
	'GET /v1/validation-rules-assignments': (t) => t.http.get(`/v1/validation-rules-assignments?rule=${FIXTURES.validationRuleIds[0]}`, { headers: t.A }),
	'GET /v1/validation-rules/{validationRuleId}/assignments': (t) => t.http.get(`/v1/validation-rules/${FIXTURES.validationRuleIds[0]}/assignments`, { headers: t.A }),
	'POST /v1/validation-rules/{validationRuleId}/assignments': (t) =>
		t.http.post(`/v1/validation-rules/${FIXTURES.validationRuleIds[1]}/assignments`, { related_object_type: 'voucher', related_object_id: 'v_walk_create' }, { headers: t.A }),
	'DELETE /v1/validation-rules/{validationRuleId}/assignments/{assignmentId}': async (t) => {
		const rule = FIXTURES.validationRuleIds[1];
		const id = (await t.http.post(`/v1/validation-rules/${rule}/assignments`, { related_object_id: 'v_walk_delete' }, { headers: t.A })).data.id;
		return t.http.delete(`/v1/validation-rules/${rule}/assignments/${id}`, { headers: t.A });
	},
	// branch v1rest2: rewards and their assignments
	'POST /v1/rewards': (t) => t.http.post('/v1/rewards', { name: 'walk-create', parameters: { coin: { exchange_ratio: '1', points_ratio: '10' } } }, { headers: t.A }),
	'GET /v1/rewards/{rewardId}': (t) => t.http.get(`/v1/rewards/${FIXTURES.rewardIds[0]}`, { headers: t.A }),
	'PUT /v1/rewards/{rewardId}': (t) => t.http.put(`/v1/rewards/${FIXTURES.rewardIds[0]}`, { stock: 5 }, { headers: t.A }),
	'DELETE /v1/rewards/{rewardId}': async (t) => {
		const id = (await t.http.post('/v1/rewards', { name: 'walk-delete', parameters: { product: { id: FIXTURES.productId } } }, { headers: t.A })).data.id;
		return t.http.delete(`/v1/rewards/${id}`, { headers: t.A });
	},
	'GET /v1/rewards/{rewardId}/assignments': (t) => t.http.get(`/v1/rewards/${FIXTURES.loyaltyRewardId}/assignments`, { headers: t.A }),
	'GET /v1/rewards/{rewardId}/assignments/{assignmentId}': (t) =>
		t.http.get(`/v1/rewards/${FIXTURES.loyaltyRewardId}/assignments/${FIXTURES.loyaltyRewardAssignmentId}`, { headers: t.A }),
	'PUT /v1/rewards/{rewardId}/assignments/{assignmentId}': (t) =>
		t.http.put(`/v1/rewards/${FIXTURES.loyaltyRewardId}/assignments/${FIXTURES.loyaltyRewardAssignmentId}`, { parameters: { loyalty: { points: 100 } } }, { headers: t.A }),
	'DELETE /v1/rewards/{rewardId}/assignments/{assignmentId}': async (t) => {
		const reward = FIXTURES.rewardIds[9];
		const id = (await t.http.post(`/v1/rewards/${reward}/assignments`, { campaign: FIXTURES.campaignId }, { headers: t.A })).data.id;
		return t.http.delete(`/v1/rewards/${reward}/assignments/${id}`, { headers: t.A });
	},
	// branch v1rest2: referral code holders
	...Object.fromEntries(
		['/v1/referrals/members/{memberId}/holders', '/v1/referrals/{campaignId}/members/{memberId}/holders'].flatMap((route): Array<[string, Call]> => {
			const base = route.replace('{campaignId}', FIXTURES.friendsReferralCampaignId).replace('{memberId}', FIXTURES.referralCode);
			const add = (t: Parameters<Call>[0], sourceId: string) => t.http.post(base, { holders: [{ source_id: sourceId }] }, { headers: t.A });
			return [
				[`GET ${route}`, (t) => t.http.get(base, { headers: t.A })],
				[`POST ${route}`, (t) => add(t, `walk-add-${route.length}`)],
				[`DELETE ${route}/{holderId}`, async (t) => t.http.delete(`${base}/${(await add(t, `walk-remove-${route.length}`)).data.holders[0].id}`, { headers: t.A })],
			];
		}),
	),
	// branch v2structure: a program's assignments (the draft program takes the active card definition; the inactive one swaps earning rules)
	'GET /v2/loyalties/programs/{programId}/card-definitions': (t, B) => t.http.get(`/v2/loyalties/programs/${FIXTURES.programActive}/card-definitions`, { headers: B }),
	'GET /v2/loyalties/programs/{programId}/earning-rules': (t, B) => t.http.get(`/v2/loyalties/programs/${FIXTURES.programActive}/earning-rules`, { headers: B }),
	'GET /v2/loyalties/programs/{programId}/tier-structures': (t, B) => t.http.get(`/v2/loyalties/programs/${FIXTURES.programActive}/tier-structures`, { headers: B }),
	'POST /v2/loyalties/programs/{programId}/card-definitions/batch': (t, B) =>
		t.http.post(`/v2/loyalties/programs/${FIXTURES.programDraft}/card-definitions/batch`, { assign: [{ id: FIXTURES.cardDefinitionActive }] }, { headers: B }),
	'POST /v2/loyalties/programs/{programId}/earning-rules/batch': (t, B) =>
		t.http.post(`/v2/loyalties/programs/${FIXTURES.programInactive}/earning-rules/batch`, { assign: [{ id: FIXTURES.earningRuleDraft }], unassign: [{ id: FIXTURES.earningRuleActive }] }, { headers: B }),
	'POST /v2/loyalties/programs/{programId}/tier-structures/batch': (t, B) =>
		t.http.post(`/v2/loyalties/programs/${FIXTURES.programDraft}/tier-structures/batch`, { assign: [{ id: FIXTURES.tierStructureActive }] }, { headers: B }),
	// branch v2structure: card definition create
	'POST /v2/loyalties/card-definitions': (t, B) => t.http.post('/v2/loyalties/card-definitions', { name: 'walk card', type: 'INDIVIDUAL' }, { headers: B }),
	// branch v2structure: tier structure create, and tiers (of the draft structure; the added one is removed)
	'POST /v2/loyalties/tier-structures': (t, B) =>
		t.http.post('/v2/loyalties/tier-structures', { name: 'walk', type: 'POINT_BALANCE', point_balance: { card_definition_id: FIXTURES.cardDefinitionActive } }, { headers: B }),
	'GET /v2/loyalties/tier-structures/{tierStructureId}/tiers': (t, B) => t.http.get(`/v2/loyalties/tier-structures/${FIXTURES.tierStructureActive}/tiers`, { headers: B }),
	'PUT /v2/loyalties/tier-structures/{tierStructureId}/tiers/{tierId}': (t, B) =>
		t.http.put(`/v2/loyalties/tier-structures/${FIXTURES.tierStructureActive}/tiers/${FIXTURES.tierActiveId}`, { name: 'Platinum' }, { headers: B }),
	'POST /v2/loyalties/tier-structures/{tierStructureId}/tiers': (t, B, ctx) => {
		const structure = '/v2/loyalties/tier-structures';
		return t.http
			.post(structure, { name: 'walk tiers', type: 'POINT_BALANCE', point_balance: { card_definition_id: FIXTURES.cardDefinitionActive } }, { headers: B })
			.then((created) => {
				ctx.tierStructureId = created.data.id;
				return t.http.post(`${structure}/${created.data.id}/tiers`, { name: 'Silver', qualification_rules: { type: 'POINTS', points: { min_value: 100 } } }, { headers: B });
			})
			.then((tier) => {
				ctx.tierId = tier.data.id;
				return tier;
			});
	},
	'DELETE /v2/loyalties/tier-structures/{tierStructureId}/tiers/{tierId}': (t, B, ctx) => t.http.delete(`/v2/loyalties/tier-structures/${ctx.tierStructureId}/tiers/${ctx.tierId}`, { headers: B }),
	// branch v1rest2: segments
	'GET /v1/segments': (t) => t.http.get('/v1/segments?limit=5&start_date=2024-01-01T00:00:00.010Z&end_date=2024-01-01T00:00:00.050Z&filters[created_at][conditions][$before]=2024-01-01T00:00:00.050Z', { headers: t.A }),
	'POST /v1/segments': (t) => t.http.post('/v1/segments', { name: 'walk-create', type: 'static', customers: [FIXTURES.customerId] }, { headers: t.A }),
	'GET /v1/segments/{segmentId}': (t) => t.http.get(`/v1/segments/${FIXTURES.segmentIds[0]}`, { headers: t.A }),
	'DELETE /v1/segments/{segmentId}': async (t) => {
		const id = (await t.http.post('/v1/segments', { name: 'walk-delete', type: 'auto-update', filter: { junction: 'and' } }, { headers: t.A })).data.id;
		return t.http.delete(`/v1/segments/${id}`, { headers: t.A });
	},
	// branch v1catalogue (issue 22): categories, a product's SKU, product collections, locations, metadata schemas
	'POST /v1/categories': (t) => t.http.post('/v1/categories', { name: 'walk-create', hierarchy: 4 }, { headers: t.A }),
	'GET /v1/categories/{categoryId}': (t) => t.http.get(`/v1/categories/${FIXTURES.categoryIds[0]}`, { headers: t.A }),
	'PUT /v1/categories/{categoryId}': (t) => t.http.put(`/v1/categories/${FIXTURES.categoryIds[2]}`, { name: 'Clothing', hierarchy: 3 }, { headers: t.A }),
	'DELETE /v1/categories/{categoryId}': async (t) => {
		const id = (await t.http.post('/v1/categories', { name: 'walk-delete', hierarchy: 5 }, { headers: t.A })).data.id;
		return t.http.delete(`/v1/categories/${id}`, { headers: t.A });
	},
	'DELETE /v1/products/{productId}/skus/{skuId}': async (t) => {
		const id = (await t.http.post(`/v1/products/${FIXTURES.productId}/skus`, { source_id: 'walk-delete' }, { headers: t.A })).data.id;
		return t.http.delete(`/v1/products/${FIXTURES.productId}/skus/${id}?force=true`, { headers: t.A });
	},
	'GET /v1/product-collections': (t) => t.http.get('/v1/product-collections?limit=5&page=1', { headers: t.A }),
	'POST /v1/product-collections': (t) => t.http.post('/v1/product-collections', { type: 'STATIC', name: 'walk-create', products: [{ id: FIXTURES.productId, object: 'product' }] }, { headers: t.A }),
	'GET /v1/product-collections/{productCollectionId}': (t) => t.http.get(`/v1/product-collections/${FIXTURES.productCollectionIds[0]}`, { headers: t.A }),
	'PUT /v1/product-collections/{productCollectionId}': (t) => t.http.put(`/v1/product-collections/${FIXTURES.productCollectionIds[1]}`, { name: 'Everything coffee' }, { headers: t.A }),
	'DELETE /v1/product-collections/{productCollectionId}': async (t) => {
		const id = (await t.http.post('/v1/product-collections', { type: 'AUTO_UPDATE', name: 'walk-delete', filter: { junction: 'or' } }, { headers: t.A })).data.id;
		return t.http.delete(`/v1/product-collections/${id}`, { headers: t.A });
	},
	'GET /v1/product-collections/{productCollectionId}/products': (t) => t.http.get(`/v1/product-collections/${FIXTURES.productCollectionIds[1]}/products?limit=5`, { headers: t.A }),
	'GET /v1/locations': (t) => t.http.get('/v1/locations?limit=5&order=created_at', { headers: t.A }),
	'GET /v1/locations/{locationId}': (t) => t.http.get(`/v1/locations/${FIXTURES.locationIds[0]}`, { headers: t.A }),
	'GET /v1/metadata-schemas': (t) => t.http.get('/v1/metadata-schemas', { headers: t.A }),
	'GET /v1/metadata-schemas/{resource}': (t) => t.http.get('/v1/metadata-schemas/order', { headers: t.A }),
	// by ID on the app keys (announced 21 May 2026): one made for the update and the delete
	'POST /v1/metadata-schemas': async (t, _B, ctx) => {
		const r = await t.http.post('/v1/metadata-schemas', { related_object: 'walk_v1', properties: { a: { type: 'string', optional: true, array: false } } }, { headers: t.A });
		ctx.appKeysSchemaId = r.data.id;
		return r;
	},
	'PUT /v1/metadata-schemas/{metadataSchemaId}': (t, _B, ctx) =>
		t.http.put(`/v1/metadata-schemas/${ctx.appKeysSchemaId}`, { properties: { b: { type: 'number', optional: true, array: false } } }, { headers: t.A }),
	'DELETE /v1/metadata-schemas/{metadataSchemaId}': (t, _B, ctx) => t.http.delete(`/v1/metadata-schemas/${ctx.appKeysSchemaId}`, { headers: t.A }),
	// branch v2reports: the v2 loyalty reports
	...Object.fromEntries(
		['earning-rules', 'points-earnings', 'spending', 'tiers'].flatMap((report) => [
			[`GET /v2/loyalties/programs/{programId}/reports/${report}/daily`, ((t, B) => t.http.get(`/v2/loyalties/programs/${FIXTURES.programActive}/reports/${report}/daily?${REPORT_RANGE}`, { headers: B })) as Call],
			[`GET /v2/loyalties/programs/{programId}/reports/${report}/summary`, ((t, B) => t.http.get(`/v2/loyalties/programs/${FIXTURES.programActive}/reports/${report}/summary`, { headers: B })) as Call],
		]),
	),
	'GET /v2/loyalties/programs/{programId}/members/{memberId}/cards/{cardId}/reports/daily': (t, B) => t.http.get(`${CARD}/reports/daily?${REPORT_RANGE}`, { headers: B }),
	'GET /v2/loyalties/programs/{programId}/members/{memberId}/earning-rules/{earningRuleId}/reports/daily': (t, B) =>
		t.http.get(`${MEMBERS}/${FIXTURES.memberId}/earning-rules/${FIXTURES.earningRuleActive}/reports/daily?${REPORT_RANGE}`, { headers: B }),
	// branch v1rest3 (issue 22): campaign templates, voucher sessions, exports and redemptions, customer lists and
	// erasure, the GET form of a publication, the orders' export, async actions and the bin
	'GET /v1/templates/campaigns': (t) => t.http.get('/v1/templates/campaigns?limit=5&filters[name][conditions][$contains]=template', { headers: t.A }),
	'POST /v1/templates/campaigns': (t) => t.http.post('/v1/templates/campaigns', { name: 'walk-template', campaign_id: FIXTURES.giftCampaignId }, { headers: t.A }),
	'PUT /v1/templates/campaigns/{campaignTemplateId}': (t) =>
		t.http.put(`/v1/templates/campaigns/${FIXTURES.campaignTemplateGiftId}`, { description: 'walked' }, { headers: t.A }),
	'DELETE /v1/templates/campaigns/{campaignTemplateId}': async (t) => {
		const id = (await t.http.post('/v1/templates/campaigns', { name: 'walk-template-delete', campaign_id: FIXTURES.giftCampaignId }, { headers: t.A })).data.id;
		return t.http.delete(`/v1/templates/campaigns/${id}`, { headers: t.A });
	},
	'POST /v1/templates/campaigns/{campaignTemplateId}/campaign-setup': (t) =>
		t.http.post(`/v1/templates/campaigns/${FIXTURES.campaignTemplateId}/campaign-setup`, { name: 'walk-setup' }, { headers: t.A }),
	'POST /v1/templates/campaigns/{campaignTemplateId}/tier-setup': (t) =>
		t.http.post(`/v1/templates/campaigns/${FIXTURES.campaignTemplateId}/tier-setup`, { name: 'walk-tier', campaign_id: FIXTURES.promotionCampaignId }, { headers: t.A }),
	'POST /v1/vouchers/{code}/transactions/export': (t) => t.http.post(`/v1/vouchers/${FIXTURES.giftCode}/transactions/export`, { parameters: { fields: ['id', 'campaign_id'] } }, { headers: t.A }),
	'GET /v1/vouchers/{code}/redemption': (t) => t.http.get(`/v1/vouchers/${FIXTURES.percentCode}/redemption`, { headers: t.A }),
	'DELETE /v1/vouchers/{code}/sessions/{sessionKey}': async (t) => {
		await t.http.post('/v1/validations', { redeemables: [{ object: 'voucher', id: FIXTURES.percentCode }], session: { type: 'LOCK', key: 'ssn_walk' } }, { headers: t.A });
		return t.http.delete(`/v1/vouchers/${FIXTURES.percentCode}/sessions/ssn_walk`, { headers: t.A });
	},
	'POST /v1/customers/{customerId}/permanent-deletion': async (t) => {
		await t.http.post('/v1/customers', { source_id: 'walk-forget' }, { headers: t.A });
		return t.http.post('/v1/customers/walk-forget/permanent-deletion', undefined, { headers: t.A });
	},
	'GET /v1/customers/{customerId}/redeemables': (t) => t.http.get(`/v1/customers/${FIXTURES.customerId}/redeemables?limit=5`, { headers: t.A }),
	'GET /v1/customers/{customerId}/segments': (t) => t.http.get(`/v1/customers/${FIXTURES.customerId}/segments`, { headers: t.A }),
	'GET /v1/customers/{customerId}/activity': (t) => t.http.get(`/v1/customers/${FIXTURES.customerId}/activity?limit=5&order=created_at`, { headers: t.A }),
	'GET /v1/publications/create': (t) =>
		t.http.get(`/v1/publications/create?campaign[name]=${encodeURIComponent(FIXTURES.welcomeCampaignName)}&customer[source_id]=walker-get&join_once=true`, { headers: t.A }),
	'POST /v1/orders/export': (t) => t.http.post('/v1/orders/export', { parameters: { fields: ['id', 'status'] } }, { headers: t.A }),
	'DELETE /v1/exports/{exportId}': async (t) => {
		const id = (await t.http.post('/v1/exports', { exported_object: 'order' }, { headers: t.A })).data.id;
		return t.http.delete(`/v1/exports/${id}`, { headers: t.A });
	},
	// Areas (announced 22 July 2026): the seeded areas, and one made for the delete
	'GET /v1/areas': (t) => t.http.get('/v1/areas?limit=5', { headers: t.A }),
	'POST /v1/areas': (t) => t.http.post('/v1/areas', { name: 'walk-create' }, { headers: t.A }),
	'GET /v1/areas/{areaId}': (t) => t.http.get(`/v1/areas/${AREA_FIXTURES[0].id}`, { headers: t.A }),
	'PUT /v1/areas/{areaId}': (t) => t.http.put(`/v1/areas/${AREA_FIXTURES[1].id}`, { name: 'Deutschland' }, { headers: t.A }),
	'DELETE /v1/areas/{areaId}': async (t) => {
		const id = (await t.http.post('/v1/areas', { name: 'walk-delete' }, { headers: t.A })).data.id;
		return t.http.delete(`/v1/areas/${id}`, { headers: t.A });
	},
	'GET /v1/async-actions': (t) => t.http.get('/v1/async-actions?limit=5', { headers: t.A }),
	'GET /v1/trash-bin': (t) => t.http.get('/v1/trash-bin?limit=5', { headers: t.A }),
	'DELETE /v1/trash-bin/{binEntryId}': async (t) => {
		await t.http.delete(`/v1/vouchers/${FIXTURES.discountCodes[2]}`, { headers: t.A });
		const entry = (await t.http.get('/v1/trash-bin?filters[resource_type][conditions][$in]=voucher', { headers: t.A })).data.data[0];
		return t.http.delete(`/v1/trash-bin/${entry.id}`, { headers: t.A });
	},
};

it('every registered route has a happy call, and each answers 2xx', async () => {
	const routes: Array<{ method: string; pattern: string }> = (await t.http.get('/_emulator/routes')).data;
	const keys = routes.map((r) => `${r.method} ${r.pattern}`);
	expect(keys.sort()).toEqual(Object.keys(CALLS).sort());
	const B = await t.B();
	const ctx: Record<string, string> = {};
	for (const [key, call] of Object.entries(CALLS)) {
		const r = await call(t, B, ctx);
		expect({ key, status: r.status < 300 ? 'ok' : r.status, data: r.status < 300 ? undefined : r.data }).toEqual({ key, status: 'ok', data: undefined });
	}
});
