import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty, compact, nameProperty } from '../../shared/fields';
import { inCollection } from '../../shared/mapping';
import { requireOption, requireScalarText, requireText } from '../../shared/validate';
import { campaignLocator } from '../campaign/fields';
import { promotionTierLocator } from '../promotionTier/fields';
import type { OperationDefinition } from '../types';
import { templateDescriptionOption } from './fields';

/** What a template is made from: the body key of each source. */
const SOURCES: Record<string, string> = { campaign: 'campaign_id', promotionTier: 'promotion_tier_id' };

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a campaign template',
	description: 'Save the settings of a discount or gift card campaign, or of a promotion tier, as a template (without its name, category or code count)',
	endpoint: 'POST /v1/templates/campaigns',
	repeatHint: 'Template names are unique in a project: a repeat after a lost answer is refused rather than creating a second template.',
	properties: [
		nameProperty("The template's name, unique in the project", 'e.g. Q4 discount'),
		{
			displayName: 'Create From',
			name: 'source',
			type: 'options',
			options: [
				{ name: 'Campaign', value: 'campaign', description: 'A discount or gift card campaign' },
				{ name: 'Promotion Tier', value: 'promotionTier', description: 'A promotion tier; the template becomes a discount coupons template' },
			],
			default: 'campaign',
			required: true,
			description: 'What the template copies its settings from',
		},
		{ ...campaignLocator('campaignId', 'The discount or gift card campaign to copy the settings of'), displayOptions: { show: { source: ['campaign'] } } },
		{ ...promotionTierLocator('The promotion tier to copy the settings of'), displayOptions: { show: { source: ['promotionTier'] } } },
		additionalFieldsProperty([templateDescriptionOption]),
	],
	record: { name: 'name', ...inCollection('additionalFields', { description: 'description' }) },
	build(params) {
		const name = requireText(params, 'Name', params.get('name', ''));
		const source = requireOption(params, 'Create From', params.get('source', 'campaign'), Object.keys(SOURCES));
		const from = source === 'campaign' ? params.id('campaignId', 'Campaign') : params.id('promotionTierId', 'Promotion Tier');
		const fields = params.get<IDataObject>('additionalFields', {});
		const description = fields.description === undefined ? undefined : requireScalarText(params, 'Description', fields.description);
		return { method: 'POST', path: '/v1/templates/campaigns', body: compact({ name, description, [SOURCES[source]]: from }) };
	},
};
