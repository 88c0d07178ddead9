import type { ResourceDefinition } from './types';
import { category } from './category';

/**
 * Every resource of the node, in one list: the node's description, the router, the README's operations table
 * and the tests all read it. Adding an operation is a new file in its resource folder plus a line there.
 */
export const RESOURCES: ResourceDefinition[] = [category];
