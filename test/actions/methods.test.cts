import type { INodeProperties, INodeType } from 'n8n-workflow';
import { ACTION_NODE_TYPE, nodeTypeFor } from '../harness/types.cjs';

/** Every list a field loads from the service is backed by a method of the node, and every method is used. */

function walk(properties: INodeProperties[], found: { listSearch: Set<string>; loadOptions: Set<string> }): void {
	for (const property of properties) {
		const method = property.typeOptions?.loadOptionsMethod;
		if (typeof method === 'string') found.loadOptions.add(method);
		for (const mode of property.modes ?? []) {
			const search = mode.typeOptions?.searchListMethod;
			if (typeof search === 'string') found.listSearch.add(search);
		}
		for (const option of (property.options ?? []) as Array<INodeProperties | { values?: INodeProperties[] }>) {
			if ('values' in option && Array.isArray(option.values)) walk(option.values, found);
			else if ('displayName' in option && 'type' in option) walk([option as INodeProperties], found);
		}
	}
}

const node = nodeTypeFor(ACTION_NODE_TYPE) as Required<Pick<INodeType, 'description' | 'methods'>>;
const used = { listSearch: new Set<string>(), loadOptions: new Set<string>() };
walk(node.description.properties, used);

it.each(['listSearch', 'loadOptions'] as const)('every %s method a field names exists, and every one is named by a field', (kind) => {
	const defined = Object.keys(node.methods[kind] ?? {}).sort();
	expect([...used[kind]].sort()).toEqual(defined);
});
