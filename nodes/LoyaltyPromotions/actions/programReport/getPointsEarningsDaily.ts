import { programReport } from './fields';

export const getPointsEarningsDaily = programReport('pointsEarnings', 'daily');
