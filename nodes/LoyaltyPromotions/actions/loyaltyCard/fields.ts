import type { INodeProperties } from 'n8n-workflow';
import { locatorProperty } from '../../shared/locator';
import { requireOption, requirePattern } from '../../shared/validate';
import { path } from '../../transport/request';
import { memberPath } from '../programMember/fields';
import { memberLocator } from '../programMember/search';
import { programLocator } from '../program/search';
import type { ParamReader } from '../types';

const CARD_ID = /^lcrd_[a-f0-9]+$/;

/** The loyalty card locator: From List reads the cards of the member chosen above it. */
export const cardLocator = locatorProperty({
	name: 'cardId',
	displayName: 'Card',
	description: "The member's loyalty card, picked from the member's cards or given by ID (e.g. lcrd_0a1b2c)",
	noun: 'card',
	searchListMethod: 'searchMemberCards',
	idPlaceholder: 'lcrd_...',
});

/** Program, Member and Card: the fields every card operation starts with. */
export const CARD_LOCATORS: INodeProperties[] = [programLocator, memberLocator, cardLocator];

/** /v2/loyalties/programs/{programId}/members/{memberId}/cards/{cardId}, from the three locators. */
export function cardPath(params: ParamReader): string {
	const cardId = readCardId(params);
	return `${memberPath(params)}${path`/cards/${cardId}`}`;
}

/** The card of the Card locator, checked against the service's pattern (lcrd_…). */
export function readCardId(params: ParamReader): string {
	return requirePattern(params, 'Card', params.id('cardId', 'Card'), CARD_ID, 'lcrd_0a1b2c');
}

/** A points bucket of the card: pending (lcppb_…, to activate or cancel) or expiring (lcpeb_…, to expire). */
export interface BucketKind {
	label: string;
	pattern: RegExp;
	example: string;
	/** The card's list of these buckets, under the card's path. */
	list: 'pending-points' | 'expiring-points';
}

export const PENDING_BUCKET: BucketKind = { label: 'Pending Points Bucket', pattern: /^lcppb_[a-f0-9]+$/, example: 'lcppb_0a1b2c', list: 'pending-points' };
export const EXPIRING_BUCKET: BucketKind = { label: 'Points Bucket', pattern: /^lcpeb_[a-f0-9]+$/, example: 'lcpeb_0a1b2c', list: 'expiring-points' };

/** The bucket locator of a kind: From List reads the card's buckets of that kind. */
export function bucketLocator(kind: BucketKind): INodeProperties {
	const pending = kind === PENDING_BUCKET;
	return locatorProperty({
		name: 'bucketId',
		displayName: kind.label,
		description: `The card's ${pending ? 'pending points bucket (points waiting to become usable)' : 'points expiration bucket (points sharing an expiration date)'}, picked from the card's buckets or given by ID (e.g. ${kind.example})`,
		noun: 'bucket',
		searchListMethod: pending ? 'searchPendingPointBuckets' : 'searchExpiringPointBuckets',
		idPlaceholder: `${kind.example.slice(0, 6)}...`,
	});
}

/** The bucket's path: the card's path, the kind's list and the bucket ID, checked against the kind's pattern. */
export function bucketPath(params: ParamReader, kind: BucketKind): string {
	const bucketId = requirePattern(params, kind.label, params.id('bucketId', kind.label), kind.pattern, kind.example);
	return `${cardPath(params)}/${kind.list}${path`/${bucketId}`}`;
}

/** A Sort By of a bucket list: by one date field, ascending or descending, checked when read. */
export function bucketOrder(label: string, field: string, [descending, ascending]: [string, string]) {
	const property: INodeProperties = {
		displayName: 'Sort By',
		name: 'order',
		type: 'options',
		options: [
			{ name: `${label}, ${descending}`, value: `-${field}` },
			{ name: `${label}, ${ascending}`, value: field },
		],
		default: field,
		description: 'The order of the buckets',
	};
	return { property, read: (params: ParamReader) => requireOption(params, 'Sort By', params.get('order', field), [field, `-${field}`]) };
}
