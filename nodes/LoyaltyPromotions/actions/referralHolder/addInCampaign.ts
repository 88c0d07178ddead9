import { addOperation } from './fields';

export const addInCampaign = addOperation(true);
