import { pathOperation } from '../programMember/fields';
import type { OperationDefinition } from '../types';
import { bucketLocator, bucketPath, CARD_LOCATORS, PENDING_BUCKET } from './fields';

export const cancelPendingPointBucket: OperationDefinition = pathOperation({
	value: 'cancelPendingPointBucket',
	name: 'Cancel Pending Point Bucket',
	action: 'Cancel a pending point bucket of a loyalty card',
	description: 'Cancel a bucket of pending points: they never become usable (e.g. the order that earned them was returned)',
	endpoint: 'POST /v2/loyalties/programs/{programId}/members/{memberId}/cards/{cardId}/pending-points/{bucketId}/cancel',
	// A second request finds the bucket no longer PENDING and is refused (423).
	safeToRepeat: true,
	properties: [...CARD_LOCATORS, bucketLocator(PENDING_BUCKET)],
	method: 'POST',
	pathOf: (params) => `${bucketPath(params, PENDING_BUCKET)}/cancel`,
});
