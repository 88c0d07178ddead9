import { V2_LIST } from '../../shared/catalogue';
import type { OperationDefinition } from '../types';
import { bucketOrder, CARD_LOCATORS, cardPath } from './fields';

const order = bucketOrder('Expiration Date', 'expiration_date', ['Latest First', 'Soonest First']);

export const getManyExpiringPointBuckets: OperationDefinition = {
	value: 'getManyExpiringPointBuckets',
	name: 'Get Many Expiring Point Buckets',
	action: 'Get many expiring point buckets of a loyalty card',
	description: "List a card's usable points grouped by expiration date, soonest first: what will expire when",
	endpoint: 'GET /v2/loyalties/programs/{programId}/members/{memberId}/cards/{cardId}/expiring-points',
	properties: [...CARD_LOCATORS, order.property],
	list: V2_LIST,
	build: (params) => {
		const path = `${cardPath(params)}/expiring-points`;
		return { method: 'GET', path, query: { order: order.read(params) } };
	},
};
