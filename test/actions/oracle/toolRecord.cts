import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';
import type { OperationDefinition } from '../../../nodes/LoyaltyPromotions/actions/types';
import { controllingParameters, recordFields, recordReader } from '../../../nodes/LoyaltyPromotions/shared/mapping';
import { AUTO } from '../../../nodes/LoyaltyPromotions/shared/mapping/parameters';
import { fromAI } from '../../harness/asTool.cjs';

/**
 * A record as the v3 AI tool takes it: the tool form shows no Record Fields (a model fills each field itself), so
 * an agent that read a record (a Get tool call) and writes it back gives each field's value as that field's
 * `$fromAI()` argument. The values are the record's, field by field, in each field's own form: the fields the
 * item's keys name (the service's own names and nested shapes, as Map Automatically reads them: the node's record
 * reader), an amount in the field's unit (the currency's main unit, as the field says). The fields that decide
 * which others show stay typed, as the panel holds them. Gives the tool's parameters and its arguments.
 */
export function recordAsTool(operation: OperationDefinition, panel: INodeParameters, item: IDataObject): { parameters: INodeParameters; toolArguments: IDataObject } {
	const typed = (path: string, fallback: unknown) => {
		const [top, option] = path.split('.');
		const value = option === undefined ? panel[top] : (panel[top] as IDataObject | undefined)?.[option];
		return value ?? fallback;
	};
	const node = { name: 'Round trip', type: 'tool', typeVersion: 3, parameters: panel } as unknown as INode;
	const automatic = { mappingMode: AUTO, value: null, matchingColumns: [], schema: [], attemptToConvertTypes: false, convertFieldsToString: false };
	const mapped = recordReader(operation, () => false)!.read({ node, itemIndex: 0 }, automatic, item, typed);
	const controlling = controllingParameters(operation);
	const fields = new Map(recordFields(operation).map((field) => [field.path, field]));
	const parameters = structuredClone(panel) as IDataObject;
	delete parameters.recordFields;
	delete parameters.unknownInputFields;
	const toolArguments: IDataObject = {};
	for (const [path, value] of mapped?.values ?? []) {
		// n8n's tool schema takes no empty JSON value: a model leaves an empty field (metadata {}) out
		const empty = value === undefined || value === '' || (typeof value === 'object' && value !== null && Object.keys(value).length === 0);
		if (controlling.has(path) || empty) continue;
		const key = path.replace(/\./g, '_');
		toolArguments[key] = value as IDataObject[string];
		const type = typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : typeof value === 'string' ? 'string' : 'json';
		const expression = fromAI(key, type);
		const argument = fields.get(path)?.property.type === 'resourceLocator' ? { __rl: true, mode: 'id', value: expression } : expression;
		const [top, option] = path.split('.');
		if (option === undefined) parameters[top] = argument;
		else parameters[top] = { ...((parameters[top] as IDataObject | undefined) ?? {}), [option]: argument };
	}
	return { parameters: parameters as INodeParameters, toolArguments };
}
