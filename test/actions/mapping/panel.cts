import { NodeHelpers, type INode, type INodeParameters, type INodeProperties } from 'n8n-workflow';
import type { OperationDefinition } from '../../../nodes/LoyaltyPromotions/actions/types';
import { ACTION_NODE_TYPE, nodeTypeFor } from '../../harness/types.cjs';

/**
 * n8n's own rule for what a version 3 node's panel shows (NodeHelpers), which the tests hold Map Automatically's
 * reading of the panel to.
 */

const nodeOf = (parameters: INodeParameters): INode => ({ id: 'panel', name: 'Panel', type: ACTION_NODE_TYPE, typeVersion: 3, position: [0, 0], parameters });

/**
 * What n8n keeps of typed values (Set Each Field Below) as it runs the node: every parameter the panel shows for
 * them, with its default where not set, and none it hides.
 */
export function panelParameters(parameters: INodeParameters): INodeParameters {
	const description = nodeTypeFor(ACTION_NODE_TYPE, 3).description;
	const typed = { ...parameters, recordFields: 'fields' };
	return NodeHelpers.getNodeParameters(description.properties, typed, true, false, nodeOf(typed), description) ?? {};
}

/** Whether the panel of `panel` (panelParameters' result) shows a record path: a parameter, or a collection's option. */
export function panelShows(panel: INodeParameters, operation: OperationDefinition, path: string): boolean {
	const [top, option] = path.split('.');
	if (!(top in panel)) return false;
	if (option === undefined) return true;
	const property = ((operation.properties.find((candidate) => candidate.name === top)?.options ?? []) as INodeProperties[]).find((candidate) => candidate.name === option);
	const description = nodeTypeFor(ACTION_NODE_TYPE, 3).description;
	return property !== undefined && NodeHelpers.displayParameterPath(panel, property, top, nodeOf(panel), description);
}
