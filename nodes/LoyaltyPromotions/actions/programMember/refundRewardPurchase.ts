import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty, enumOptions } from '../../shared/fields';
import { requireOption, requirePattern } from '../../shared/validate';
import { path } from '../../transport/request';
import { readProgramId } from '../program/fields';
import { programLocator } from '../program/search';
import type { OperationDefinition } from '../types';
import { purchaseLocator } from './purchase';

const TRANSACTION_ID = /^lrtx_[a-f0-9]+$/;
const REFUND = { ALLOW: 'Allow', DEFAULT: 'Default' };
const STOCK = { DEFAULT: 'Return to Stock', WRITE_OFF: 'Write Off' };

export const refundRewardPurchase: OperationDefinition = {
	value: 'refundRewardPurchase',
	name: 'Refund Reward Purchase',
	action: 'Refund a reward purchase',
	description: "Undo an approved reward purchase: its points go back to the member's card and, by default, the reward back to stock. A purchase is refunded once (409 after).",
	endpoint: 'POST /v2/loyalties/programs/{programId}/rewards/purchases/{rewardTransactionId}/refund',
	// The service refuses a second refund of the same purchase (409): the points come back once.
	safeToRepeat: true,
	properties: [
		programLocator,
		purchaseLocator,
		additionalFieldsProperty([
			{
				displayName: 'Refund Policy',
				name: 'refund',
				type: 'options',
				options: enumOptions({ ALLOW: ['Allow', 'Refund even where the standard rules would refuse'], DEFAULT: ['Default', 'The standard refund rules'] }),
				default: 'DEFAULT',
				description: 'Whether the standard refund rules apply',
			},
			{
				displayName: 'Stock Policy',
				name: 'stock',
				type: 'options',
				options: enumOptions({ DEFAULT: ['Return to Stock', 'The purchased unit goes back to the reward stock'], WRITE_OFF: ['Write Off', 'The unit stays spent'] }),
				default: 'DEFAULT',
				description: "What happens to the reward's stock",
			},
		]),
	],
	build: (params) => {
		const programId = readProgramId(params);
		const id = requirePattern(params, 'Purchase Transaction ID', params.id('rewardTransactionId', 'Purchase Transaction ID'), TRANSACTION_ID, 'lrtx_0a1b2c');
		const fields = params.get<IDataObject>('additionalFields', {});
		const policies: IDataObject = {};
		if (fields.refund !== undefined) policies.refund = requireOption(params, 'Refund Policy', fields.refund, Object.keys(REFUND));
		if (fields.stock !== undefined) policies.stock = requireOption(params, 'Stock Policy', fields.stock, Object.keys(STOCK));
		return { method: 'POST', path: path`/v2/loyalties/programs/${programId}/rewards/purchases/${id}/refund`, body: Object.keys(policies).length ? { policies } : {} };
	},
};
