import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty, nameProperty } from '../../shared/fields';
import { requireBoolean, requireText } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { createOptions, currencyProperty, readCurrency, readProjectSettings, timezoneProperty } from './fields';

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a project',
	description:
		"Create a project. The answer carries the new project's server-side and client-side keys and webhook secret: this output is the only place the node shows them, so store them safely.",
	endpoint: 'POST /management/v1/projects',
	properties: [
		nameProperty('The name of the project'),
		{
			displayName: 'Case Sensitive Codes',
			name: 'caseSensitiveCodes',
			type: 'boolean',
			default: false,
			required: true,
			description: 'Whether voucher codes in the project are case sensitive (C0dE-cfV is then not c0de-cfv)',
		},
		{ ...timezoneProperty, required: true },
		{ ...currencyProperty, required: true },
		additionalFieldsProperty(createOptions),
	],
	repeatHint: 'A repeated create makes a second project.',
	build: (params) => {
		const body: IDataObject = {
			name: requireText(params, 'Name', params.get('name', '')),
			case_sensitive_codes: requireBoolean(params, 'Case Sensitive Codes', params.get('caseSensitiveCodes', false)),
			timezone: requireText(params, 'Timezone', params.get('timezone', '')).trim(),
			currency: readCurrency(params, params.get('currency', '')),
			...readProjectSettings(params, params.get<IDataObject>('additionalFields', {})),
		};
		return { method: 'POST', path: '/management/v1/projects', body };
	},
};
