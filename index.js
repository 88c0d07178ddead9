// n8n loads this package through the "n8n" block of package.json; this entry point only names what it ships.
module.exports = {
	nodes: ['dist/nodes/LoyaltyPromotions/LoyaltyPromotions.node.js', 'dist/nodes/LoyaltyPromotions/LoyaltyPromotionsTrigger.node.js'],
	credentials: [
		'dist/credentials/LoyaltyPromotionsAppApi.credentials.js',
		'dist/credentials/LoyaltyPromotionsManagementApi.credentials.js',
		'dist/credentials/LoyaltyPromotionsOAuth2Api.credentials.js',
		'dist/credentials/LoyaltyPromotionsOAuthServiceKeyApi.credentials.js',
	],
};
