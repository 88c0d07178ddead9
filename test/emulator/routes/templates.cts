/**
 * Campaign templates (auth A, the key's project): listed by id cursor, created from a discount or gift campaign or
 * from a promotion tier, renamed, deleted, and set up as a new campaign or as a tier of a promotion campaign; GET
 * with optional `expand=json_template`. Through the management API (auth M) any project's templates, listed by id
 * cursor, and copied into another project under a new name.
 */
import { randomBytes } from 'crypto';
import { idCursorList } from '../envelopes.cjs';
import { ApiError, invalidParam, invalidPayload, notFound } from '../errors.cjs';
import { Ctx, noContent, ok, Router } from '../router.cjs';
import type { CampaignTemplate } from '../state.cjs';
import { bodyObject, isObject, optionalString, parseEnumParam, parseLimit, rejectUnknown, requireString, type Json } from '../validate.cjs';
import { campaignOr404, createCampaign } from './campaigns.cjs';
import { project } from './management.cjs';
import { addTier, TIER_SPEC } from './promotions.cjs';

const M = '/management/v1/projects/{projectId}/templates/campaigns';

/** A project's templates (a project without any has an empty map). */
function templatesOf(ctx: Ctx, projectId: string): Map<string, CampaignTemplate> {
	const store = ctx.env.store;
	if (!store.projectTemplates.has(projectId)) store.projectTemplates.set(projectId, new Map());
	return store.projectTemplates.get(projectId)!;
}

/** A template as lists and copies answer it: without its JSON template. */
const summary = ({ json_template: _template, ...rest }: CampaignTemplate) => rest;

/** A project's templates by id cursor: order id or -id, and the name and campaign type filters of the app API. */
function listTemplates(ctx: Ctx, templates: Map<string, CampaignTemplate>) {
	const name = ctx.query['filters[name][conditions][$contains]'];
	const type = ctx.query['filters[campaign_type][conditions][$is]'];
	const all = [...templates.values()]
		.filter((template) => (!name || template.name.includes(name)) && (!type || template.campaign_type === type))
		.sort((a, b) => a.id.localeCompare(b.id));
	if (parseEnumParam(ctx.query, 'order', ['id', '-id']) === '-id') all.reverse();
	const limit = parseLimit(ctx.query, 10);
	const after = ctx.query.starting_after_id;
	const start = after ? all.findIndex((template) => template.id === after) + 1 : 0;
	const page = all.slice(start, start + limit);
	return ok({ ...idCursorList(page.map(summary), start + limit < all.length), ...(ctx.query.include_total === 'true' ? { total: all.length } : {}) });
}

function registerManagement(r: Router): void {
	r.get(M, 'M', (ctx) => listTemplates(ctx, templatesOf(ctx, project(ctx).id)));
	r.post(`${M}/{campaignTemplateId}/copy`, 'M', (ctx) => {
		const source = templatesOf(ctx, project(ctx).id).get(ctx.params.campaignTemplateId);
		if (!source) throw notFound('campaign_template', ctx.params.campaignTemplateId);
		const body = bodyObject(ctx.body);
		const name = requireString(body, 'name');
		const destination = requireString(body, 'destination_project_id');
		if (!ctx.env.store.projects.has(destination)) throw notFound('project', destination);
		const copy: CampaignTemplate = {
			...source,
			id: `camt_${randomBytes(8).toString('hex')}`,
			name,
			created_at: new Date().toISOString(),
			updated_at: undefined,
			json_template: { ...source.json_template, name },
		};
		templatesOf(ctx, destination).set(copy.id, copy);
		return ok(summary(copy));
	});
}

/** The key's project's template, or the service's 404. */
function templateOr404(ctx: Ctx): CampaignTemplate {
	const template = ctx.env.store.campaignTemplates.get(ctx.params.campaignTemplateId);
	if (!template) throw notFound('campaign_template', ctx.params.campaignTemplateId);
	return template;
}

/** Template names are unique in a project. */
function checkUniqueName(ctx: Ctx, name: string, except?: string): void {
	for (const template of ctx.env.store.campaignTemplates.values())
		if (template.name === name && template.id !== except) throw new ApiError(409, 'duplicate_found', `A campaign template named ${name} already exists`, { resource_id: name, resource_type: 'campaign_template' });
}

/** The settings a template keeps of a campaign: not its name, category or code count. */
function settingsOf(source: Json): Json {
	const { id: _id, name: _name, category: _category, category_id: _categoryId, vouchers_count: _count, object: _object, created_at: _created, updated_at: _updated, ...settings } = source;
	return settings;
}

/** POST /v1/templates/campaigns: from a discount or gift campaign, or a promotion tier (then a DISCOUNT_COUPONS template). */
function createTemplate(ctx: Ctx) {
	const body = bodyObject(ctx.body);
	rejectUnknown(body, ['name', 'description', 'campaign_id', 'promotion_tier_id']);
	const name = requireString(body, 'name');
	const description = optionalString(body, 'description');
	const campaignId = optionalString(body, 'campaign_id');
	const tierId = optionalString(body, 'promotion_tier_id');
	if (!campaignId === !tierId) throw invalidPayload('Exactly one of campaign_id and promotion_tier_id is required');
	let template: Json;
	if (campaignId) {
		const campaign = campaignOr404(ctx.env.store, campaignId);
		if (campaign.campaign_type !== 'DISCOUNT_COUPONS' && campaign.campaign_type !== 'GIFT_VOUCHERS')
			throw invalidPayload(`Campaign ${campaign.id} is a ${campaign.campaign_type} campaign: templates are made of discount and gift campaigns only`);
		template = { campaign_type: campaign.campaign_type, ...settingsOf(campaign) };
	} else {
		const tier = [...ctx.env.store.records.entries()].filter(([key]) => key.startsWith(TIER_SPEC.path)).map(([, records]) => records.get(tierId!)).find(Boolean);
		if (!tier) throw notFound('promotion_tier', tierId!);
		const discount = isObject(tier.action) ? tier.action.discount : undefined;
		template = { campaign_type: 'DISCOUNT_COUPONS', voucher: { type: 'DISCOUNT_VOUCHER', discount }, ...settingsOf(tier) };
		delete template.action;
	}
	checkUniqueName(ctx, name);
	const created: CampaignTemplate = {
		id: `camp_tpl_${randomBytes(12).toString('hex')}`,
		name,
		...(description ? { description } : {}),
		campaign_type: template.campaign_type as CampaignTemplate['campaign_type'],
		created_at: new Date().toISOString(),
		object: 'campaign_template',
		json_template: { ...template, name },
	};
	ctx.env.store.campaignTemplates.set(created.id, created);
	return ok(summary(created));
}

/** POST …/campaign-setup: a campaign of the template's settings, the request's replacing them (no validation rules). */
function setUpCampaign(ctx: Ctx) {
	const template = templateOr404(ctx);
	const body = bodyObject(ctx.body);
	if (body.validation_rules !== undefined) throw invalidPayload('Field validation_rules cannot be sent: the template\'s validation rule is created anew for the campaign');
	requireString(body, 'name');
	const settings = template.json_template;
	const voucher = isObject(body.voucher) ? { ...(isObject(settings.voucher) ? settings.voucher : {}), ...body.voucher } : settings.voucher;
	const reply = createCampaign(ctx, { ...settings, ...body, campaign_type: template.campaign_type, ...(voucher ? { voucher } : {}) });
	return ok({ created_resources: [], campaign: reply.body, object: 'campaign_setup' });
}

/** POST …/tier-setup: a tier of a DISCOUNT_COUPONS template's discount, added to a promotion campaign. */
function setUpTier(ctx: Ctx) {
	const template = templateOr404(ctx);
	const body = bodyObject(ctx.body);
	rejectUnknown(body, ['campaign_id', 'name', 'banner', 'metadata', 'hierarchy', 'active', 'start_date', 'expiration_date', 'validity_timeframe', 'validity_day_of_week', 'validity_hours', 'category', 'category_id']);
	const campaignId = requireString(body, 'campaign_id');
	requireString(body, 'name');
	if (template.campaign_type !== 'DISCOUNT_COUPONS') throw invalidPayload(`Campaign template ${template.id} is a ${template.campaign_type} template: tiers are made of discount templates only`);
	const campaign = campaignOr404(ctx.env.store, campaignId);
	const { campaign_id: _campaignId, ...fields } = body;
	const discount = isObject(template.json_template.voucher) ? template.json_template.voucher.discount : undefined;
	const tier = addTier(ctx, campaign, { action: { discount }, ...fields }, false);
	return ok({ created_resources: [], promotion_tier: tier, object: 'promotion_tier_setup' });
}

export function register(r: Router): void {
	registerManagement(r);
	const A = '/v1/templates/campaigns';
	r.get(A, 'A|B', (ctx) => listTemplates(ctx, ctx.env.store.campaignTemplates));
	r.post(A, 'A|B', createTemplate);
	r.put(`${A}/{campaignTemplateId}`, 'A|B', (ctx) => {
		const template = templateOr404(ctx);
		const body = bodyObject(ctx.body);
		rejectUnknown(body, ['name', 'description']);
		const name = body.name === undefined ? undefined : requireString(body, 'name');
		const description = optionalString(body, 'description');
		if (name !== undefined) checkUniqueName(ctx, name, template.id);
		Object.assign(template, name === undefined ? {} : { name }, description === undefined ? {} : { description }, { updated_at: new Date().toISOString() });
		return ok(summary(template));
	});
	r.delete(`${A}/{campaignTemplateId}`, 'A|B', (ctx) => {
		templateOr404(ctx);
		ctx.env.store.campaignTemplates.delete(ctx.params.campaignTemplateId);
		return noContent();
	});
	r.post(`${A}/{campaignTemplateId}/campaign-setup`, 'A|B', setUpCampaign);
	r.post(`${A}/{campaignTemplateId}/tier-setup`, 'A|B', setUpTier);
	r.get('/v1/templates/campaigns/{campaignTemplateId}', 'A|B', (ctx) => {
		const t = ctx.env.store.campaignTemplates.get(ctx.params.campaignTemplateId);
		if (!t) throw notFound('campaign_template', ctx.params.campaignTemplateId);
		const expand = ctx.query.expand;
		if (expand !== undefined && expand !== '' && expand !== 'json_template')
			throw invalidParam(`Query parameter expand accepts only json_template (got ${expand})`);
		const { json_template, ...rest } = t;
		return ok(expand === 'json_template' ? { ...rest, json_template } : rest);
	});
}
