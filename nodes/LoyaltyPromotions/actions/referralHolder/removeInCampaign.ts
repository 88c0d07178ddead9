import { removeOperation } from './fields';

export const removeInCampaign = removeOperation(true);
