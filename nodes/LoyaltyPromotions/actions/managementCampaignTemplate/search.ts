import { ID_CURSOR_LIST } from '../loyaltyMember/fields';
import { searchCollection } from '../project/collection';
import { CAMPAIGN_TEMPLATES } from './fields';

/** From List for Campaign Template (management): the chosen project's templates, by name and campaign type. */
export const searchManagementCampaignTemplates = searchCollection(CAMPAIGN_TEMPLATES, (template) => ({
	name: `${String(template.name ?? template.id)} (${String(template.campaign_type ?? '')})`,
	value: String(template.id),
}), ID_CURSOR_LIST);
