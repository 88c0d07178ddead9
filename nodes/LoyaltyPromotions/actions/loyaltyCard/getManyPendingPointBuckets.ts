import { idProperty } from '../../shared/fields';
import { requirePattern, requireProgramId } from '../../shared/validate';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { programLocator } from '../program/search';
import { bucketOrder } from './fields';

const order = bucketOrder('Activation Date', 'date', ['Newest First', 'Oldest First']);
/** The service's ID patterns for v2 program members and cards. */
const MEMBER_ID = /^lmbr_[a-f0-9]+$/;
const CARD_ID = /^lcrd_[a-f0-9]+$/;

export const getManyPendingPointBuckets: OperationDefinition = {
	value: 'getManyPendingPointBuckets',
	name: 'Get Many Pending Point Buckets',
	action: 'Get many pending point buckets of a loyalty card',
	description: "List a loyalty card's pending points buckets that activate in the future",
	endpoint: 'GET /v2/loyalties/programs/{programId}/members/{memberId}/cards/{cardId}/pending-points',
	properties: [
		programLocator,
		idProperty('memberId', 'Member ID', 'The loyalty program member holding the card', 'lmbr_...'),
		idProperty('cardId', 'Card ID', 'The loyalty card', 'lcrd_...'),
		order.property,
	],
	list: { envelope: 'v2Cursor', pageSizeParam: 'limit', cursorParam: 'cursor', maxPageSize: 100 },
	build: (params) => {
		const programId = requireProgramId(params, 'Program', params.get('programId', ''));
		const memberId = requirePattern(params, 'Member ID', params.id('memberId', 'Member ID'), MEMBER_ID, 'lmbr_0a1b2c');
		const cardId = requirePattern(params, 'Card ID', params.id('cardId', 'Card ID'), CARD_ID, 'lcrd_0a1b2c');
		return {
			method: 'GET',
			path: path`/v2/loyalties/programs/${programId}/members/${memberId}/cards/${cardId}/pending-points`,
			query: { order: order.read(params) },
		};
	},
};
