import * as zlib from 'zlib';
import type { INodeTypeDescription, IVersionedNodeType, INodeType } from 'n8n-workflow';

/**
 * What a package adds to n8n's /types/nodes.json, which every editor load fetches: as n8n's loader builds it, one
 * entry per distinct description of each node (a description naming several versions is served once) and, for
 * each description with usableAsTool, n8n's AI-tool copy (the same description with two tool parameters added).
 */

/** n8n's largest built-in node type (Notion, with its tool copy) in n8n 2.41.1's /types/nodes.json. */
export const LARGEST_BUILT_IN_BYTES = 1_285_559;

export interface EntryWeight {
	node: string;
	versions: string;
	tool: boolean;
	bytes: number;
	gzipBytes: number;
}

/** The descriptions n8n lists for a node type: each version's, deduplicated by the versions it names. */
function descriptionsOf(type: INodeType | IVersionedNodeType): INodeTypeDescription[] {
	if (!('nodeVersions' in type)) return [type.description];
	const seen = new Map<string, INodeTypeDescription>();
	for (const versioned of Object.values(type.nodeVersions)) {
		const { version } = versioned.description;
		seen.set(Array.isArray(version) ? version.join(',') : String(version), versioned.description);
	}
	return [...seen.values()];
}

/** The tool copy n8n adds for a usable-as-tool description (tool-generation/ai-tools.js in n8n 2.41.1). */
function toolCopy(description: INodeTypeDescription): INodeTypeDescription {
	const copy = JSON.parse(JSON.stringify(description)) as INodeTypeDescription & { usableAsTool?: unknown };
	delete copy.usableAsTool;
	copy.name += 'Tool';
	copy.displayName += ' Tool';
	copy.inputs = [];
	copy.outputs = ['ai_tool'] as never;
	copy.properties = [
		{ displayName: 'Tool Description', name: 'descriptionType', type: 'options', noDataExpression: true, options: [{ name: 'Set Automatically', value: 'auto', description: 'Automatically set based on resource and operation' }, { name: 'Set Manually', value: 'manual', description: 'Manually set the description' }], default: 'auto' },
		{ displayName: 'Description', name: 'toolDescription', type: 'string', default: copy.description, required: true, typeOptions: { rows: 2 }, description: 'Explain to the LLM what this tool does, a good, specific description would allow LLMs to produce expected results much more often', displayOptions: { show: { descriptionType: ['manual'] } } },
		...copy.properties,
	];
	return copy;
}

export function editorWeight(types: Array<INodeType | IVersionedNodeType>): EntryWeight[] {
	const entries: EntryWeight[] = [];
	for (const type of types) {
		for (const description of descriptionsOf(type)) {
			const versions = Array.isArray(description.version) ? description.version.join(', ') : String(description.version);
			for (const [tool, served] of description.usableAsTool ? ([[false, description], [true, toolCopy(description)]] as const) : ([[false, description]] as const)) {
				const json = JSON.stringify(served);
				entries.push({ node: served.name, versions, tool, bytes: Buffer.byteLength(json), gzipBytes: zlib.gzipSync(json).length });
			}
		}
	}
	return entries;
}
