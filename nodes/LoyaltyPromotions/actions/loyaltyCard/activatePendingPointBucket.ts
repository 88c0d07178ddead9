import { pathOperation } from '../programMember/fields';
import type { OperationDefinition } from '../types';
import { bucketLocator, bucketPath, CARD_LOCATORS, PENDING_BUCKET } from './fields';

export const activatePendingPointBucket: OperationDefinition = pathOperation({
	value: 'activatePendingPointBucket',
	name: 'Activate Pending Point Bucket',
	action: 'Activate a pending point bucket of a loyalty card',
	description: "Make a bucket of pending points usable now, before its activation date: its points join the card's balance",
	endpoint: 'POST /v2/loyalties/programs/{programId}/members/{memberId}/cards/{cardId}/pending-points/{bucketId}/activate',
	// A second request finds the bucket no longer PENDING and is refused (423): the points are added once.
	safeToRepeat: true,
	properties: [...CARD_LOCATORS, bucketLocator(PENDING_BUCKET)],
	method: 'POST',
	pathOf: (params) => `${bucketPath(params, PENDING_BUCKET)}/activate`,
});
