import type { ResourceDefinition } from './types';
import { oAuthToken } from './oAuthToken';
import { project } from './project';
import { customEventSchema } from './customEventSchema';
import { managementMetadataSchema } from './managementMetadataSchema';
import { stackingRules } from './stackingRules';
import { branding } from './branding';
import { managementCampaignTemplate } from './managementCampaignTemplate';
import { user } from './user';
import { webhook } from './webhook';
import { loyaltyMember } from './loyaltyMember';
import { loyaltyCard } from './loyaltyCard';
import { programReward } from './programReward';
import { cardDefinition } from './cardDefinition';
import { tierStructure } from './tierStructure';
import { program } from './program';
import { programMember } from './programMember';
import { customer } from './customer';
import { order } from './order';
import { product } from './product';
import { exportResource } from './export';
import { sku } from './sku';
import { category } from './category';
import { rewardAssignment } from './rewardAssignment';
import { campaignTemplate } from './campaignTemplate';
import { event } from './event';
// Voucher engine
import { campaign } from './campaign';
import { voucher } from './voucher';
import { publication } from './publication';
import { validation } from './validation';
import { qualification } from './qualification';
import { redemption } from './redemption';
// branch v1rest2: promotions
import { promotionTier } from './promotionTier';
import { promotionStack } from './promotionStack';
// branch v1rest2: validation rules
import { validationRule } from './validationRule';
import { validationRuleAssignment } from './validationRuleAssignment';
// branch v1rest2: segments
import { segment } from './segment';
// branch v1rest2: rewards
import { reward } from './reward';
// branch v1rest2: referrals
import { referralHolder } from './referralHolder';
// branch loyaltyv2 (issue 21): the program catalogue
import { earningRule } from './earningRule';
import { benefit } from './benefit';
// branch v1catalogue (issue 22): collections, locations, the app keys' metadata schemas
import { productCollection } from './productCollection';
import { location } from './location';
import { metadataSchema } from './metadataSchema';
// branch v2reports (issue 21): the v2 loyalty reports
import { programReport } from './programReport';
// branch v2rewards (issue 21): the v2 reward catalogue
import { loyaltyReward } from './loyaltyReward';
import { examine } from './examine';
// branch v1rest3 (issue 22): async actions and the bin
import { asyncAction } from './asyncAction';
import { trashBin } from './trashBin';

/**
 * Every resource of the node, in one list: the node's description, the router, the README's operations table
 * and the tests all read it. Adding an operation is a new file in its resource folder plus a line in the
 * resource's index.ts.
 */
export const RESOURCES: ResourceDefinition[] = [
	oAuthToken,
	project,
	customEventSchema,
	managementMetadataSchema,
	stackingRules,
	branding,
	managementCampaignTemplate,
	user,
	webhook,
	loyaltyMember,
	loyaltyCard,
	programReward,
	cardDefinition,
	tierStructure,
	program,
	programMember,
	customer,
	order,
	product,
	sku,
	exportResource,
	category,
	rewardAssignment,
	campaignTemplate,
	event,
	// Voucher engine
	campaign,
	voucher,
	publication,
	validation,
	qualification,
	redemption,
	// branch v1rest2: promotions
	promotionTier,
	promotionStack,
	// branch v1rest2: validation rules
	validationRule,
	validationRuleAssignment,
	// branch v1rest2: segments
	segment,
	// branch v1rest2: rewards
	reward,
	// branch v1rest2: referrals
	referralHolder,
	// branch loyaltyv2 (issue 21): the program catalogue
	earningRule,
	benefit,
	// branch v1catalogue (issue 22): collections, locations, the app keys' metadata schemas
	productCollection,
	location,
	metadataSchema,
	// branch v2reports (issue 21): the v2 loyalty reports
	programReport,
	// branch v2rewards (issue 21): the v2 reward catalogue
	loyaltyReward,
	examine,
	// branch v1rest3 (issue 22): async actions and the bin
	asyncAction,
	trashBin,
].filter((resource) => resource.operations.length > 0);
