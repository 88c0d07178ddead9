import { programReport } from './fields';

export const getEarningRulesDaily = programReport('earningRules', 'daily');
