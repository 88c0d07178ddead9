import { programReport } from './fields';

export const getPointsEarningsSummary = programReport('pointsEarnings', 'summary');
