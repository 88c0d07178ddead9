import type { ResourceDefinition } from '../types';
import { loadCardDefinitions } from './search';
import { update } from './update';

export const cardDefinition: ResourceDefinition = {
	value: 'cardDefinition',
	name: 'Card Definition (Beta)',
	auth: 'oAuth2',
	operations: [update],
	methods: { loadOptions: { loadCardDefinitions } },
};
