import { getManyOperation } from './fields';

export const getAll = getManyOperation(false);
