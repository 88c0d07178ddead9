import { CARD_LOCATORS, cardPath } from '../loyaltyCard/fields';
import { memberReport } from './fields';

export const getCardDaily = memberReport({
	value: 'getCardDaily',
	name: 'Get Card Daily Report',
	action: "Get the daily points report of a member's loyalty card",
	description: "A card's points per day, week, month or quarter of a date range: earned, added, spent, expired, pending and more",
	endpoint: 'GET /v2/loyalties/programs/{programId}/members/{memberId}/cards/{cardId}/reports/daily',
	properties: CARD_LOCATORS,
	pathOf: (params) => `${cardPath(params)}/reports/daily`,
});
