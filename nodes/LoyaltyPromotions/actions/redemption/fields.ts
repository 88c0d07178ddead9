import { locatorProperty } from '../../shared/locator';

/** A redemption, picked from the latest redemptions or given by ID. */
export const redemptionProperty = locatorProperty({
	name: 'redemptionId',
	displayName: 'Redemption',
	description: 'The redemption, from the list of the latest or by its ID',
	noun: 'redemption',
	searchListMethod: 'searchRedemptions',
	idPlaceholder: 'r_…',
});
