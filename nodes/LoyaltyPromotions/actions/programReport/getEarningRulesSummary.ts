import { programReport } from './fields';

export const getEarningRulesSummary = programReport('earningRules', 'summary');
