import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { searchList } from '../../shared/search';
import { path } from '../../transport/request';
import { RULE_LIST } from './fields';

/** From List for Validation Rule: the project's rules, by name and context; the value is the rule's ID. */
export async function searchValidationRules(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchList(
		this,
		{
			request: { method: 'GET', path: '/v1/validation-rules' },
			list: RULE_LIST,
			toItem: (rule) => ({ name: `${String(rule.name || rule.id)}${rule.context_type ? ` (${String(rule.context_type)})` : ''}`, value: String(rule.id) }),
		},
		filter,
		paginationToken,
	);
}

const assignmentName = (assignment: IDataObject) => `${String(assignment.related_object_type)} ${String(assignment.related_object_id)} (${String(assignment.id)})`;

/** From List for Assignment: the assignments of the rule chosen in the Validation Rule field. */
export async function searchValidationRuleAssignments(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const ruleId = String(this.getCurrentNodeParameter('validationRuleId', { extractValue: true }) ?? '').trim();
	if (!ruleId) return { results: [] };
	return await searchList(
		this,
		{
			request: { method: 'GET', path: `${path`/v1/validation-rules/${ruleId}`}/assignments` },
			list: RULE_LIST,
			toItem: (assignment) => ({ name: assignmentName(assignment), value: String(assignment.id) }),
		},
		filter,
		paginationToken,
	);
}
