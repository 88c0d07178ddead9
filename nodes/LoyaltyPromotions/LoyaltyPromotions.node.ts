import { VersionedNodeType, type INodeTypeBaseDescription } from 'n8n-workflow';
import { LoyaltyPromotionsVersion } from './actions/node';
import { CURRENT_VERSIONS, LATEST_VERSION } from './actions/versions';

/**
 * The action node, versioned the n8n way: each saved workflow runs the version it was built with (see
 * actions/versions.ts); new nodes get the latest.
 */
export class LoyaltyPromotions extends VersionedNodeType {
	constructor() {
		const baseDescription: INodeTypeBaseDescription = {
			displayName: 'Loyalty Promotions',
			name: 'loyaltyPromotions',
			icon: { light: 'file:loyaltyPromotions.svg', dark: 'file:loyaltyPromotions.dark.svg' },
			group: ['transform'],
			description:
				'Vouchers, coupons, gift cards, promotions, referrals and loyalty programs of the Loyalty and Promotions Service (Voucherify, voucherify.io)',
			defaultVersion: LATEST_VERSION,
		};
		// Versions 2 and 3 are one description (n8n serves it once), told apart by @version conditions.
		const current = new LoyaltyPromotionsVersion(baseDescription, [...CURRENT_VERSIONS]);
		super({ 1: new LoyaltyPromotionsVersion(baseDescription, 1), 2: current, 3: current }, baseDescription);
	}
}
