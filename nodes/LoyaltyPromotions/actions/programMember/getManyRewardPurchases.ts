import type { INodeProperties } from 'n8n-workflow';
import { createdFilters } from '../../shared/activities';
import { requirePattern } from '../../shared/validate';
import { V2_LIST } from '../program/fields';
import { programLocator } from '../program/search';
import type { OperationDefinition } from '../types';
import { memberPath } from './fields';
import { memberLocator } from './search';

const rewardFilter: INodeProperties = { displayName: 'Reward ID', name: 'rewardId', type: 'string', default: '', placeholder: 'lrew_...', description: 'Only purchases of this reward' };
const filters = createdFilters('purchases', { options: [rewardFilter], query: { rewardId: ['filters[reward_id][conditions][$is]', 'Reward ID', 'text'] } });

export const getManyRewardPurchases: OperationDefinition = {
	value: 'getManyRewardPurchases',
	name: 'Get Many Reward Purchases',
	action: "Get many of a member's reward purchases",
	description: "List a member's reward purchases with their status (PENDING, APPROVED, or REJECTED with the reason), filtered by reward or date",
	endpoint: 'GET /v2/loyalties/programs/{programId}/members/{memberId}/rewards/purchases',
	properties: [programLocator, memberLocator, filters.property],
	list: V2_LIST,
	build: (params) => {
		const path = `${memberPath(params)}/rewards/purchases`;
		const query = filters.read(params);
		const reward = query['filters[reward_id][conditions][$is]'];
		if (reward !== undefined) requirePattern(params, 'Reward ID', reward, /^lrew_[a-f0-9]+$/, 'lrew_0a1b2c');
		return { method: 'GET', path, query };
	},
};
