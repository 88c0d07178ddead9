import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { binEntryLocator, readBinEntryId } from './fields';

export const deleteBinEntry: OperationDefinition = {
	value: 'delete',
	name: 'Delete Permanently',
	action: 'Delete a bin entry permanently',
	description: 'Delete the campaign, voucher, product or SKU of a bin entry for good. This cannot be undone.',
	endpoint: 'DELETE /v1/trash-bin/{binEntryId}',
	properties: [binEntryLocator('The bin entry to delete permanently')],
	build: (params) => ({ method: 'DELETE', path: path`/v1/trash-bin/${readBinEntryId(params)}` }),
	// The service answers 204 with no body.
	output: (_response, params) => [{ deleted: true, id: readBinEntryId(params) }],
};
