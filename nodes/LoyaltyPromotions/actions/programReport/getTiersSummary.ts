import { programReport } from './fields';

export const getTiersSummary = programReport('tiers', 'summary');
