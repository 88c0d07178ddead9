import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty } from '../../shared/fields';
import type { OperationDefinition } from '../types';
import { campaignOption, memberIdProperty, memberPath, V1_LOYALTY_DEPRECATED_SINCE } from './fields';
import { SIMPLE_FIELDS } from '../../shared/simplify';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a member of a v1 loyalty campaign',
	description: "Retrieve a member's loyalty card with its points balance and holder",
	endpoint: 'GET /v1/loyalties/members/{memberId} or GET /v1/loyalties/{campaignId}/members/{memberId}',
	deprecated: 'Program Member → Get (Loyalty v2)',
	deprecatedSince: V1_LOYALTY_DEPRECATED_SINCE,
	simplify: SIMPLE_FIELDS.loyaltyMember,
	properties: [memberIdProperty, additionalFieldsProperty([campaignOption])],
	build: (params) => ({ method: 'GET', path: memberPath(params, params.get<IDataObject>('additionalFields', {})) }),
};
