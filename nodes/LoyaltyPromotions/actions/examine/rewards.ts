import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty } from '../../shared/fields';
import type { OperationDefinition } from '../types';
import { identificationProperties, overrideOptions, readIdentification, readOverrides } from './fields';

export const rewards: OperationDefinition = {
	value: 'rewards',
	name: 'Examine Rewards',
	action: 'Examine which rewards a customer can get',
	description:
		"Which rewards of a customer's programs (or one member's program) each card can buy now: the points cost, AVAILABLE or UNAVAILABLE and why (insufficient balance, no target card). Nothing is purchased.",
	endpoint: 'POST /v2/loyalties/examine/rewards',
	// An examination changes nothing: a repeat answers the same.
	safeToRepeat: true,
	properties: [...identificationProperties, additionalFieldsProperty(overrideOptions)],
	build: (params) => {
		const identification = readIdentification(params);
		const overrides = readOverrides(params, params.get<IDataObject>('additionalFields', {}), identification);
		return { method: 'POST', path: '/v2/loyalties/examine/rewards', body: { customer_identification: identification, ...overrides } };
	},
};
