import type { ResourceDefinition } from './types';
// Vouchers and campaigns
import { voucher } from './voucher';
import { campaign } from './campaign';
import { campaignTemplate } from './campaignTemplate';
import { publication } from './publication';
// Promotions
import { promotionTier } from './promotionTier';
import { promotionStack } from './promotionStack';
// Validation and redemption
import { validation } from './validation';
import { qualification } from './qualification';
import { redemption } from './redemption';
import { validationRule } from './validationRule';
import { validationRuleAssignment } from './validationRuleAssignment';
// Loyalty (current, v2)
import { program } from './program';
import { programMember } from './programMember';
import { loyaltyCard } from './loyaltyCard';
import { cardDefinition } from './cardDefinition';
import { tierStructure } from './tierStructure';
import { earningRule } from './earningRule';
import { benefit } from './benefit';
import { programReward } from './programReward';
import { loyaltyReward } from './loyaltyReward';
import { programReport } from './programReport';
import { examine } from './examine';
// Loyalty (legacy, v1; deprecated)
import { loyaltyMember } from './loyaltyMember';
// Customers and orders
import { customer } from './customer';
import { order } from './order';
import { segment } from './segment';
import { event } from './event';
// Products and catalogue
import { product } from './product';
import { sku } from './sku';
import { productCollection } from './productCollection';
import { category } from './category';
import { location } from './location';
import { area } from './area';
import { metadataSchema } from './metadataSchema';
// Rewards and referrals
import { reward } from './reward';
import { rewardAssignment } from './rewardAssignment';
import { referralHolder } from './referralHolder';
// Exports and async
import { exportResource } from './export';
import { asyncAction } from './asyncAction';
import { trashBin } from './trashBin';
// Management (any project of the account)
import { project } from './project';
import { user } from './user';
import { webhook } from './webhook';
import { customEventSchema } from './customEventSchema';
import { managementMetadataSchema } from './managementMetadataSchema';
import { stackingRules } from './stackingRules';
import { branding } from './branding';
import { managementCampaignTemplate } from './managementCampaignTemplate';
// OAuth tokens
import { oAuthToken } from './oAuthToken';

/**
 * Every resource of the node, in one list, by area as the README's table has them: the node's description, the
 * router, the README's operations table and the tests all read it. Adding an operation is a new file in its
 * resource folder plus a line in the resource's index.ts.
 */
export const RESOURCES: ResourceDefinition[] = [
	// Vouchers and campaigns
	voucher,
	campaign,
	campaignTemplate,
	publication,
	// Promotions
	promotionTier,
	promotionStack,
	// Validation and redemption
	validation,
	qualification,
	redemption,
	validationRule,
	validationRuleAssignment,
	// Loyalty (current, v2)
	program,
	programMember,
	loyaltyCard,
	cardDefinition,
	tierStructure,
	earningRule,
	benefit,
	programReward,
	loyaltyReward,
	programReport,
	examine,
	// Loyalty (legacy, v1; deprecated)
	loyaltyMember,
	// Customers and orders
	customer,
	order,
	segment,
	event,
	// Products and catalogue
	product,
	sku,
	productCollection,
	category,
	location,
	area,
	metadataSchema,
	// Rewards and referrals
	reward,
	rewardAssignment,
	referralHolder,
	// Exports and async
	exportResource,
	asyncAction,
	trashBin,
	// Management (any project of the account)
	project,
	user,
	webhook,
	customEventSchema,
	managementMetadataSchema,
	stackingRules,
	branding,
	managementCampaignTemplate,
	// OAuth tokens
	oAuthToken,
].filter((resource) => resource.operations.length > 0);
