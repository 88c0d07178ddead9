import type { ResourceDefinition } from '../types';
import { create } from './create';
import { deleteStack } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { getAllInCampaign } from './getAllInCampaign';
import { searchPromotionStacks } from './search';
import { update } from './update';

export const promotionStack: ResourceDefinition = {
	value: 'promotionStack',
	name: 'Promotion Stack',
	auth: 'appKeysOrOAuth2',
	operations: [get, getAll, getAllInCampaign, create, update, deleteStack],
	methods: { listSearch: { searchPromotionStacks } },
};
