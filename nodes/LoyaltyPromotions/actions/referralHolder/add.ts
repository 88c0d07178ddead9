import { addOperation } from './fields';

export const add = addOperation(false);
