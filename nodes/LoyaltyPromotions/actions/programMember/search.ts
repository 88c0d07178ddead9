import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { locatorProperty } from '../../shared/locator';
import { searchList } from '../../shared/search';
import { PROGRAM_ID_PATTERN } from '../../shared/validate';
import { path } from '../../transport/request';
import { V2_LIST } from '../../shared/catalogue';

/** The v2 program member locator: From List reads the members of the program chosen above it. */
export const memberLocator = locatorProperty({
	name: 'memberId',
	displayName: 'Member',
	description: 'The program member, picked from the chosen program\'s members or given by ID (e.g. lmbr_0a1b2c)',
	noun: 'member',
	searchListMethod: 'searchProgramMembers',
	idPlaceholder: 'lmbr_...',
});

/**
 * From List for Member: the members of the program in the Program field, newest first. Typed text that is a
 * customer ID (cust_…) asks the service for that customer's member; other text matches member and customer IDs.
 */
export async function searchProgramMembers(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const programId = String(this.getCurrentNodeParameter('programId', { extractValue: true }) ?? '').trim();
	if (!PROGRAM_ID_PATTERN.test(programId)) return { results: [] };
	const customer = /^cust_[a-zA-Z0-9]+$/.test((filter ?? '').trim());
	return await searchList(
		this,
		{
			request: { method: 'GET', path: path`/v2/loyalties/programs/${programId}/members`, query: { order: '-created_at' } },
			list: V2_LIST,
			toItem: (member) => ({ name: `${String(member.customer_id)} (${String(member.status)})`, value: String(member.id) }),
			...(customer ? { filterQuery: (text: string) => ({ 'filters[customer_id][conditions][$is]': text }) } : {}),
		},
		filter,
		paginationToken,
	);
}
