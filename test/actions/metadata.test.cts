/**
 * Metadata and Metadata (JSON) side by side: one rule for every operation that has both (the JSON wins a key
 * both set, the other keys of both are sent), said by both fields and kept by every request, through n8n's engine.
 */
import type { INodeParameters, INodeProperties } from 'n8n-workflow';
import { METADATA_PRECEDENCE } from '../../nodes/LoyaltyPromotions/shared/fields';
import { startEmulator, type RunningEmulator } from '../emulator/index.cjs';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import { runNode } from '../harness/runWorkflow.cjs';
import { minimalParameters, OPERATIONS } from './minimal.cjs';

/** Where an operation's Metadata pair sits: at the top level, or in a collection (e.g. Additional Fields). */
function metadataPlace(properties: INodeProperties[]): { collection?: string; pair: INodeProperties[] } | undefined {
	const pairIn = (list: INodeProperties[]) => {
		const pair = list.filter((property) => property.name === 'metadata' || property.name === 'metadataJson');
		return pair.length === 2 ? pair : undefined;
	};
	const top = pairIn(properties);
	if (top) return { pair: top };
	for (const property of properties) {
		const pair = property.type === 'collection' ? pairIn((property.options ?? []) as INodeProperties[]) : undefined;
		if (pair) return { collection: property.name, pair };
	}
	return undefined;
}

const WITH_METADATA = OPERATIONS.flatMap(({ key, resource, operation }) => {
	const place = metadataPlace(operation.properties);
	return place ? [{ key, resource, operation, ...place }] : [];
});

let emu: RunningEmulator;
beforeAll(async () => {
	emu = await startEmulator({ port: 0 });
});
afterAll(() => emu.stop());

it('finds the operations with both fields', () => {
	expect(WITH_METADATA.length).toBeGreaterThan(20);
});

it.each(WITH_METADATA.map((entry) => [entry.key, entry] as const))('%s: both fields say which wins', (_key, { pair }) => {
	for (const property of pair) expect(property.description).toContain(METADATA_PRECEDENCE[property.name === 'metadataJson' ? 'json' : 'pairs']);
});

it.each(WITH_METADATA.map((entry) => [entry.key, entry] as const))(
	'%s: both are sent, and the JSON wins the key both set',
	async (key, { resource, operation, collection }) => {
		const minimal = await minimalParameters(key, emu);
		const fields = {
			metadata: { fields: [{ key: 'precedence', value: 'pairs-lose' }, { key: 'fromPairs', value: 'pairs-kept' }] },
			metadataJson: '{"precedence": "json-wins", "fromJson": "json-kept"}',
		};
		const parameters: INodeParameters = collection
			? { ...minimal, [collection]: { ...((minimal[collection] as INodeParameters | undefined) ?? {}), ...fields } }
			: { ...minimal, ...fields };
		emu.control.clearRequests();
		const result = await runNode({ parameters: { resource: resource.value, operation: operation.value, ...parameters }, credentials: credentialsFor(emu) });
		expect(result.error).toBeUndefined();
		// the body, or the query of an operation that sends its fields there (Publication → Create via GET)
		const sent = JSON.stringify(emu.control.requests().map((request) => [request.body, request.query]));
		expect(sent).toContain('json-wins');
		expect(sent).toContain('pairs-kept');
		expect(sent).toContain('json-kept');
		expect(sent).not.toContain('pairs-lose');
	},
	60_000,
);
