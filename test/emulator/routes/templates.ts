/**
 * Campaign templates: GET with optional `expand=json_template` (auth A, the key's project); through the management
 * API (auth M) any project's templates, listed by id cursor, and copied into another project under a new name.
 */
import { randomBytes } from 'crypto';
import { idCursorList } from '../envelopes';
import { invalidParam, notFound } from '../errors';
import { Ctx, ok, Router } from '../router';
import type { CampaignTemplate } from '../state';
import { bodyObject, parseEnumParam, parseLimit, requireString } from '../validate';
import { project } from './management';

const M = '/management/v1/projects/{projectId}/templates/campaigns';

/** A project's templates (a project without any has an empty map). */
function templatesOf(ctx: Ctx, projectId: string): Map<string, CampaignTemplate> {
	const store = ctx.env.store;
	if (!store.projectTemplates.has(projectId)) store.projectTemplates.set(projectId, new Map());
	return store.projectTemplates.get(projectId)!;
}

/** A template as lists and copies answer it: without its JSON template. */
const summary = ({ json_template: _template, ...rest }: CampaignTemplate) => rest;

function registerManagement(r: Router): void {
	r.get(M, 'M', (ctx) => {
		const all = [...templatesOf(ctx, project(ctx).id).values()].sort((a, b) => a.id.localeCompare(b.id));
		if (parseEnumParam(ctx.query, 'order', ['id', '-id']) === '-id') all.reverse();
		const limit = parseLimit(ctx.query, 10);
		const after = ctx.query.starting_after_id;
		const start = after ? all.findIndex((template) => template.id === after) + 1 : 0;
		const page = all.slice(start, start + limit);
		return ok({ ...idCursorList(page.map(summary), start + limit < all.length), ...(ctx.query.include_total === 'true' ? { total: all.length } : {}) });
	});
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

export function register(r: Router): void {
	registerManagement(r);
	r.get('/v1/templates/campaigns/{campaignTemplateId}', 'A', (ctx) => {
		const t = ctx.env.store.campaignTemplates.get(ctx.params.campaignTemplateId);
		if (!t) throw notFound('campaign_template', ctx.params.campaignTemplateId);
		const expand = ctx.query.expand;
		if (expand !== undefined && expand !== '' && expand !== 'json_template')
			throw invalidParam(`Query parameter expand accepts only json_template (got ${expand})`);
		const { json_template, ...rest } = t;
		return ok(expand === 'json_template' ? { ...rest, json_template } : rest);
	});
}
