/** Campaign templates (auth A): GET with optional `expand=json_template`. */
import { invalidParam, notFound } from '../errors';
import { ok, Router } from '../router';

export function register(r: Router): void {
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
