import { requirePattern } from '../../shared/validate';
import { path } from '../../transport/request';
import { readProgramId } from '../program/fields';
import { programLocator } from '../program/search';
import { programRewardLocator } from '../programMember/purchase';
import type { OperationDefinition } from '../types';
import { readTypedStock, STOCK_FIELDS } from './batch';

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: "Update a program's reward stock",
	description: "Change the stock of a reward assigned to a program (how many times it can still be redeemed there); the redeemed count is kept",
	endpoint: 'PUT /v2/loyalties/programs/{programId}/rewards/{rewardId}',
	properties: [
		programLocator,
		{ ...programRewardLocator, description: "The assigned reward, picked from the program's rewards or given by ID (e.g. lrew_0a1b2c)" },
		...STOCK_FIELDS,
	],
	build: (params) => {
		const programId = readProgramId(params);
		const rewardId = requirePattern(params, 'Reward', params.id('rewardId', 'Reward'), /^lrew_[a-f0-9]+$/, 'lrew_0a1b2c');
		const stock = readTypedStock(params, '', params.get('stockType', 'UNLIMITED'), params.get('stockQuantity', 0));
		return { method: 'PUT', path: path`/v2/loyalties/programs/${programId}/rewards/${rewardId}`, body: { stock } };
	},
};
