import { programReport } from './fields';

export const getSpendingSummary = programReport('spending', 'summary');
