import type { OperationDefinition } from '../types';
import { MEMBER_SIMPLE_FIELDS, memberOperation } from './fields';

export const get: OperationDefinition = memberOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a program member with their points balances',
	description: "Retrieve a program member with their loyalty cards: each card's code, balance and lifetime points",
	endpoint: 'GET /v2/loyalties/programs/{programId}/members/{memberId}',
	simplify: MEMBER_SIMPLE_FIELDS,
	method: 'GET',
});
