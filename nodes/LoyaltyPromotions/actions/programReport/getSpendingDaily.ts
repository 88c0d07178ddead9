import { programReport } from './fields';

export const getSpendingDaily = programReport('spending', 'daily');
