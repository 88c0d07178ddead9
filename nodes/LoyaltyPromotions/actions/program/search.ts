import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { locatorProperty } from '../../shared/locator';
import { searchListInTurn } from '../../shared/search';

/** The v2 loyalty program locator, shared by the program, program reward and loyalty card operations. */
export const programLocator = locatorProperty({
	name: 'programId',
	displayName: 'Program',
	description: 'The loyalty program, picked from the list or given by ID (e.g. lprg_0a1b2c)',
	noun: 'program',
	searchListMethod: 'searchPrograms',
	idPlaceholder: 'lprg_...',
});

/** The programs in the order the list offers them: the active ones (those most workflows act on), then the rest. */
const PROGRAMS_IN_TURN = [{ 'filters[status][conditions][$is]': 'ACTIVE' }, { 'filters[status][conditions][$is_not]': 'ACTIVE' }];

/**
 * From List for Program: the v2 loyalty programs, active ones first, then draft and inactive ones, each group
 * newest first, each entry with its status; narrowed by name on the service.
 */
export async function searchPrograms(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchListInTurn(
		this,
		{
			request: { method: 'GET', path: '/v2/loyalties/programs', query: { order: '-created_at' } },
			list: { envelope: 'v2Cursor', pageSizeParam: 'limit', cursorParam: 'cursor', maxPageSize: 100 },
			toItem: (program) => ({ name: `${String(program.name || program.id)} (${String(program.status)})`, value: String(program.id) }),
			filterQuery: (text) => ({ 'filters[name][conditions][$contains]': text }),
		},
		PROGRAMS_IN_TURN,
		filter,
		paginationToken,
	);
}
