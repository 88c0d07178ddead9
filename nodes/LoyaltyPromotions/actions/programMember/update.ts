import type { IDataObject } from 'n8n-workflow';
import { METADATA_PRECEDENCE, metadataJsonProperty, metadataProperty, readMetadata } from '../../shared/fields';
import { fail } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { programLocator } from '../program/search';
import { memberPath } from './fields';
import { memberLocator } from './search';

const MERGED = "Merged into the member's metadata by the service: keys not given here are kept.";

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a program member',
	description: "Change a program member's metadata (the only field the service lets change; use Activate or Deactivate for the status)",
	endpoint: 'PUT /v2/loyalties/programs/{programId}/members/{memberId}',
	properties: [
		programLocator,
		memberLocator,
		{ ...metadataProperty, description: `Custom text values. ${MERGED} ${METADATA_PRECEDENCE.pairs}.` },
		{ ...metadataJsonProperty, description: `Custom metadata for numbers, booleans and nested values. ${MERGED} ${METADATA_PRECEDENCE.json}.` },
		{
			displayName: 'Clear Metadata',
			name: 'clearMetadata',
			type: 'boolean',
			default: false,
			description: 'Whether to remove all of the member\'s metadata instead (sends null)',
		},
	],
	record: { metadata: 'metadataJson' },
	build: (params) => {
		const metadata = readMetadata(params, { metadata: params.get<IDataObject>('metadata', {}), metadataJson: params.get('metadataJson', '{}') });
		const clear = params.get<boolean>('clearMetadata', false) === true;
		if (clear && metadata) fail(params, 'Clear Metadata', 'set metadata or turn on Clear Metadata, not both');
		if (!clear && !metadata) fail(params, 'Metadata', 'is required: set at least one key, or turn on Clear Metadata');
		return { method: 'PUT', path: memberPath(params), body: { metadata: clear ? null : metadata! } };
	},
};
