import type { IDataObject } from 'n8n-workflow';
import { projectProperties } from '../../shared/fields';
import { cursorFilters, ID_CURSOR_LIST, readCursorQuery } from '../loyaltyMember/fields';
import { collectionPath, endpointOf } from '../project/collection';
import type { OperationDefinition } from '../types';
import { CAMPAIGN_TEMPLATES } from './fields';

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many campaign templates of a project',
	description: "List a project's campaign templates (any project of the account)",
	endpoint: endpointOf('GET', CAMPAIGN_TEMPLATES),
	properties: [...projectProperties, cursorFilters('id', 'ID')],
	list: ID_CURSOR_LIST,
	build: async (params) => ({
		method: 'GET',
		path: await collectionPath(params, CAMPAIGN_TEMPLATES),
		query: readCursorQuery(params.get<IDataObject>('filters', {})),
	}),
};
