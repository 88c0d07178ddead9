import type { ResourceDefinition } from '../types';
import { create } from './create';
import { deleteTier } from './delete';
import { disable, enable } from './enable';
import { get } from './get';
import { getAll } from './getAll';
import { getAllInCampaign } from './getAllInCampaign';
import { searchPromotionTiers } from './search';
import { update } from './update';

export const promotionTier: ResourceDefinition = {
	value: 'promotionTier',
	name: 'Promotion Tier',
	auth: 'appKeysOrOAuth2',
	operations: [get, getAll, getAllInCampaign, create, update, deleteTier, enable, disable],
	methods: { listSearch: { searchPromotionTiers } },
};
