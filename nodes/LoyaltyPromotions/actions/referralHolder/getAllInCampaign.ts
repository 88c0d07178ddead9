import { getManyOperation } from './fields';

export const getAllInCampaign = getManyOperation(true);
