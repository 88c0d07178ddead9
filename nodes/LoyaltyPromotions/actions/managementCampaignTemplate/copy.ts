import { projectLocator, projectProperties } from '../../shared/fields';
import { requireText } from '../../shared/validate';
import { endpointOf, entryLocator, entryPath } from '../project/collection';
import type { OperationDefinition } from '../types';
import { CAMPAIGN_TEMPLATES } from './fields';

export const copy: OperationDefinition = {
	value: 'copy',
	name: 'Copy to Project',
	action: 'Copy a campaign template to another project',
	description: 'Copy a campaign template of the source project into another project of the account, under a new name',
	endpoint: `${endpointOf('POST', CAMPAIGN_TEMPLATES, true)}/copy`,
	properties: [
		...projectProperties,
		entryLocator(CAMPAIGN_TEMPLATES),
		projectLocator({
			name: 'destinationProjectId',
			displayName: 'Destination Project',
			description: 'The project the copy is made in, picked from the account\'s projects or given by ID',
			required: true,
		}),
		{ displayName: 'Name', name: 'name', type: 'string', default: '', required: true, description: 'The name of the copy in the destination project' },
	],
	repeatHint: 'A repeated copy makes a second template in the destination project.',
	build: async (params) => ({
		method: 'POST',
		path: `${await entryPath(params, CAMPAIGN_TEMPLATES)}/copy`,
		body: {
			name: requireText(params, 'Name', params.get('name', '')).trim(),
			destination_project_id: params.id('destinationProjectId', 'Destination Project'),
		},
	}),
};
