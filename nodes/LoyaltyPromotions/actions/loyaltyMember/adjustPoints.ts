import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty, compact } from '../../shared/fields';
import { allowedChangesProperty, maxPointsPerCallProperty, readPointsChange } from '../../shared/limits';
import { DATE_ONLY, fail, requireDate } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { readTransactionNote, TRANSACTION_NOTE_OPTIONS } from '../voucher/fields';
import { campaignOption, memberIdProperty, memberPath, V1_LOYALTY_DEPRECATED_SINCE } from './fields';

const EXPIRATION_TYPES: Array<[label: string, value: string, description: string]> = [
	['Custom Date', 'CUSTOM_DATE', 'The points expire on the Expiration Date'],
	['Never', 'NON_EXPIRING', 'The points never expire'],
	["Program's Rules", 'PROGRAM_RULES', "The points expire as the loyalty program's rules say"],
];

export const adjustPoints: OperationDefinition = {
	value: 'adjustPoints',
	name: 'Adjust Points',
	action: 'Adjust the points of a v1 loyalty card',
	description: 'Add points to a loyalty card (e.g. a welcome bonus) or take them off; the balance cannot go below zero',
	endpoint: 'POST /v1/loyalties/members/{memberId}/balance or POST /v1/loyalties/{campaignId}/members/{memberId}/balance',
	deprecated: 'Loyalty Card → Add or Subtract Points (Loyalty v2)',
	deprecatedSince: V1_LOYALTY_DEPRECATED_SINCE,
	properties: [
		memberIdProperty,
		{
			displayName: 'Points',
			name: 'points',
			type: 'number',
			typeOptions: { numberPrecision: 0 },
			default: 0,
			required: true,
			description: 'Points to add (e.g. 100) or, negative, to take off (-100)',
		},
		maxPointsPerCallProperty,
		allowedChangesProperty,
		additionalFieldsProperty([
			{
				displayName: 'Expiration Date',
				name: 'expirationDate',
				type: 'dateTime',
				typeOptions: DATE_ONLY,
				default: '',
				displayOptions: { show: { expirationType: ['CUSTOM_DATE'] } },
				description: 'The day the added points expire (with Points Expire: Custom Date); only the date is sent, as YYYY-MM-DD',
			},
			{
				displayName: 'Points Expire',
				name: 'expirationType',
				type: 'options',
				options: EXPIRATION_TYPES.map(([name, value, description]) => ({ name, value, description })),
				default: 'PROGRAM_RULES',
				description: 'When added points expire',
			},
			campaignOption,
			...TRANSACTION_NOTE_OPTIONS,
		]),
	],
	bounded: { points: 'points' },
	build(params) {
		const fields = params.get<IDataObject>('additionalFields', {});
		const points = readPointsChange(params, 'Points', params.get('points', 0));
		const expirationType = fields.expirationType as string | undefined;
		const hasDate = fields.expirationDate !== undefined && String(fields.expirationDate).trim() !== '';
		if (expirationType === 'CUSTOM_DATE' && !hasDate) fail(params, 'Expiration Date', 'is required when Points Expire is Custom Date');
		const body = {
			points,
			...compact({
				expiration_type: expirationType,
				expiration_date: expirationType === 'CUSTOM_DATE' ? requireDate(params, 'Expiration Date', fields.expirationDate) : undefined,
			}),
			...readTransactionNote(params, fields),
		};
		// Not safe to repeat: a second request would add the points twice.
		return { method: 'POST', path: memberPath(params, fields, '/balance'), body };
	},
};
