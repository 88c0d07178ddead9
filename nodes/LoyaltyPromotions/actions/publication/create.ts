import type { IDataObject } from 'n8n-workflow';
import { maxCardsPerCallProperty } from '../../shared/limits';
import type { OperationDefinition } from '../types';
import { publicationProperties, readPublication } from './fields';

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a publication',
	description: 'Give a customer a voucher: the next one of a campaign, or a specific code',
	endpoint: 'POST /v1/publications',
	repeatHint: 'With Join Once on, or a Source ID, it is safe to repeat (the service returns the same voucher).',
	properties: [...publicationProperties(true), maxCardsPerCallProperty],
	bounded: { 'additionalFields.count': 'cards' },
	build(params) {
		const { body, joinOnce, safeToRepeat } = readPublication(params);
		const query: IDataObject = joinOnce ? { join_once: true } : {};
		return { method: 'POST', path: '/v1/publications', query, body, safeToRepeat };
	},
};
