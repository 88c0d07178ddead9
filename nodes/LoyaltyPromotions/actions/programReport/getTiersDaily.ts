import { programReport } from './fields';

export const getTiersDaily = programReport('tiers', 'daily');
