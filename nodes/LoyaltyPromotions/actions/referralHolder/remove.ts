import { removeOperation } from './fields';

export const remove = removeOperation(false);
