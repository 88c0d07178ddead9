import { createdFilters } from '../../shared/activities';
import { V2_LIST } from '../../shared/catalogue';
import type { OperationDefinition } from '../types';
import { CARD_LOCATORS, cardPath } from './fields';

const filters = createdFilters('transactions');

export const getManyTransactions: OperationDefinition = {
	value: 'getManyTransactions',
	name: 'Get Many Transactions',
	action: "Get many transactions of a member's loyalty card",
	description: "List a card's point transactions (earned, added, subtracted, spent, expired, activated…) with their status: PENDING, APPROVED or REJECTED with the reason",
	endpoint: 'GET /v2/loyalties/programs/{programId}/members/{memberId}/cards/{cardId}/transactions',
	properties: [...CARD_LOCATORS, filters.property],
	list: V2_LIST,
	build: (params) => ({ method: 'GET', path: `${cardPath(params)}/transactions`, query: filters.read(params) }),
};
