import { pathOperation } from '../programMember/fields';
import type { OperationDefinition } from '../types';
import { bucketLocator, bucketPath, CARD_LOCATORS, EXPIRING_BUCKET } from './fields';

export const expirePointBucket: OperationDefinition = pathOperation({
	value: 'expirePointBucket',
	name: 'Expire Point Bucket',
	action: 'Expire a point bucket of a loyalty card',
	description: "Expire a bucket of the card's points now, before its expiration date: its points leave the balance",
	endpoint: 'POST /v2/loyalties/programs/{programId}/members/{memberId}/cards/{cardId}/expiring-points/{bucketId}/expire',
	// A second request finds the bucket expired and is refused (423): the points are taken once.
	safeToRepeat: true,
	properties: [...CARD_LOCATORS, bucketLocator(EXPIRING_BUCKET)],
	method: 'POST',
	pathOf: (params) => `${bucketPath(params, EXPIRING_BUCKET)}/expire`,
});
