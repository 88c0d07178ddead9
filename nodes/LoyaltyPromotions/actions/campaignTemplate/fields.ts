import type { INodeProperties } from 'n8n-workflow';
import { locatorProperty } from '../../shared/locator';
import { ID_CURSOR_LIST } from '../loyaltyMember/fields';
import type { OperationDefinition, ParamReader } from '../types';

/** What the campaign template operations share. */

/** The project's templates: by id cursor (`has_more`, `more_starting_after`), up to 100 a page. */
export const TEMPLATE_LIST: OperationDefinition['list'] = ID_CURSOR_LIST;

/** The campaign types a template holds: value → label (templates of promotion tiers are discount coupons). */
export const TEMPLATE_CAMPAIGN_TYPES: Record<string, string> = {
	DISCOUNT_COUPONS: 'Discount Coupons',
	GIFT_VOUCHERS: 'Gift Vouchers',
};

/** A campaign template, picked from the project's templates or given by ID. */
export function campaignTemplateLocator(description: string): INodeProperties {
	return locatorProperty({
		name: 'campaignTemplateId',
		displayName: 'Campaign Template',
		description,
		noun: 'campaign template',
		searchListMethod: 'searchCampaignTemplates',
		idPlaceholder: 'camp_tpl_…',
	});
}

export function readCampaignTemplateId(params: ParamReader): string {
	return params.id('campaignTemplateId', 'Campaign Template');
}

/** Description, an option of the template's create and update. */
export const templateDescriptionOption: INodeProperties = {
	displayName: 'Description',
	name: 'description',
	type: 'string',
	default: '',
	description: "What the template is for, kept with it",
};
