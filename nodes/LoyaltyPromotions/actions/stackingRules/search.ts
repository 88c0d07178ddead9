import { searchCollection } from '../project/collection';
import { STACKING_RULES } from './fields';

/** From List for Stacking Rules: the project's sets, by their main limits. */
export const searchStackingRules = searchCollection(STACKING_RULES, (rules) => ({
	name: `${String(rules.id)} (up to ${String(rules.redeemables_limit ?? '?')} redeemables, ${String(rules.applicable_redeemables_limit ?? '?')} applicable)`,
	value: String(rules.id),
}));
