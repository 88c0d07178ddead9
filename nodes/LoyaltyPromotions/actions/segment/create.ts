import type { IDataObject } from 'n8n-workflow';
import { compact, enumOptions, jsonObjectProperty } from '../../shared/fields';
import { fail, parseJsonObject, requireOption, requirePatternList, requireText } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { SEGMENT_TYPES } from './fields';

/** The service caps a static segment at 20,000 customers. */
const MAX_STATIC_CUSTOMERS = 20_000;
const DYNAMIC = ['auto-update', 'passive'];
const FILTER_SHAPE = { junction: 'and', 'metadata.club_level': { conditions: { $in: ['Gold', 'Silver'] } } };

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a segment',
	description: 'Create a static segment of chosen customers, or an active or passive one that customers enter and leave by its filter',
	endpoint: 'POST /v1/segments',
	properties: [
		{ displayName: 'Name', name: 'name', type: 'string', default: '', required: true, placeholder: 'e.g. Gold members', description: "The segment's name" },
		{
			displayName: 'Type',
			name: 'type',
			type: 'options',
			options: enumOptions(SEGMENT_TYPES),
			default: 'static',
			required: true,
			description: 'Static: the customers listed; active: customers enter and leave by the filter, with customer.segment.entered/left events; passive: the same without the events (at most 100 active and passive segments)',
		},
		{
			displayName: 'Customer IDs',
			name: 'customerIds',
			type: 'string',
			default: '',
			placeholder: 'cust_…, cust_…',
			description: 'The customers of the static segment, separated by commas (at most 20,000)',
			displayOptions: { show: { type: ['static'] } },
		},
		{
			...jsonObjectProperty('filter', 'Filter (JSON)', 'The conditions customers meet to be in the segment.', FILTER_SHAPE),
			required: true,
			displayOptions: { show: { type: DYNAMIC } },
		},
	],
	record: { name: 'name', type: 'type', filter: 'filter' },
	build(params) {
		const type = requireOption(params, 'Type', params.get('type', 'static'), Object.keys(SEGMENT_TYPES));
		const body: IDataObject = { name: requireText(params, 'Name', params.get('name', '')), type };
		if (type === 'static') {
			const customers = requirePatternList(params, 'Customer IDs', params.get('customerIds', ''), /^cust_[A-Za-z0-9]+$/, 'cust_8dTbvcmYSSt1', MAX_STATIC_CUSTOMERS);
			return { method: 'POST', path: '/v1/segments', body: compact({ ...body, customers: customers.length > 0 ? customers : undefined }) };
		}
		const filter = parseJsonObject(params, 'Filter (JSON)', params.get('filter', '{}'));
		if (Object.keys(filter).length === 0) fail(params, 'Filter (JSON)', `is required for active and passive segments: the conditions customers meet, e.g. ${JSON.stringify(FILTER_SHAPE)}`);
		return { method: 'POST', path: '/v1/segments', body: { ...body, filter } };
	},
};
