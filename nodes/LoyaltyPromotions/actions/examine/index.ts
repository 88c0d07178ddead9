import type { ResourceDefinition } from '../types';
import { earningRules } from './earningRules';
import { rewards } from './rewards';

/** Loyalty v2 examinations: what a customer or member could buy or earn, without changing anything. */
export const examine: ResourceDefinition = {
	value: 'examine',
	name: 'Loyalty: Examine',
	auth: 'oAuth2OrAppKeys',
	operations: [rewards, earningRules],
};
