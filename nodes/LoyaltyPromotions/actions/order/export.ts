import { exportFiltersProperty, kindProperties, readExportParameters } from '../export/fields';
import type { OperationDefinition } from '../types';

export const exportOrders: OperationDefinition = {
	value: 'export',
	name: 'Export',
	action: 'Export orders',
	description: "Start a CSV export of orders (by default their ID, source ID and status); the Export resource's Download fetches the file",
	endpoint: 'POST /v1/orders/export',
	// An export changes nothing: a repeat after a lost answer only schedules a second file.
	safeToRepeat: true,
	properties: [...kindProperties('order'), exportFiltersProperty],
	build(params) {
		const parameters = readExportParameters(params, 'order');
		return { method: 'POST', path: '/v1/orders/export', body: Object.keys(parameters).length > 0 ? { parameters } : {} };
	},
};
