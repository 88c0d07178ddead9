import type { ResourceDefinition } from '../types';
import { create } from './create';
import { deleteTemplate } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { searchCampaignTemplates } from './search';
import { setUpCampaign } from './setUpCampaign';
import { setUpTier } from './setUpTier';
import { update } from './update';

export const campaignTemplate: ResourceDefinition = {
	value: 'campaignTemplate',
	name: 'Campaign Template',
	auth: 'appKeysOrOAuth2',
	// Get stays first: it is the default operation of workflows saved before the others existed.
	operations: [get, getAll, create, update, deleteTemplate, setUpCampaign, setUpTier],
	methods: { listSearch: { searchCampaignTemplates } },
};
