import { Workflow, type INodeParameters, type INodeProperties, type INodeTypeDescription } from 'n8n-workflow';
import { RESOURCES } from '../../nodes/LoyaltyPromotions/actions/resources';
import { AUTHENTICATIONS } from '../../nodes/LoyaltyPromotions/actions/types';
import { resourcesForVersion } from '../../nodes/LoyaltyPromotions/actions/versions';
import { FIXTURES } from '../emulator/index.cjs';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import { nodeTypes, runNode } from '../harness/runWorkflow.cjs';
import { ACTION_NODE_TYPE, nodeTypeFor } from '../harness/types.cjs';
import { useEmulator } from './v1/setup.cjs';
import { LoyaltyPromotions } from '../../nodes/LoyaltyPromotions/LoyaltyPromotions.node';

/**
 * The action node's versions: version 1 exactly as it shipped (its saved workflows keep running unchanged), and
 * version 2 laid out the way n8n's editor shows whole. n8n's editor moves every parameter that a credential's
 * displayOptions depend on (Authentication) beside Credential to connect with, and hides every parameter that
 * Authentication itself depends on: so Authentication must depend on nothing.
 */

const v1 = nodeTypeFor(ACTION_NODE_TYPE, 1).description;
const v2 = nodeTypeFor(ACTION_NODE_TYPE, 2).description;

const named = (description: INodeTypeDescription, name: string) => description.properties.filter((property) => property.name === name);

/** The parameters n8n's editor treats as the credential's (NodeCredentials / getNodeAuthFields). */
function authFields(description: INodeTypeDescription): INodeProperties[] {
	const names = new Set((description.credentials ?? []).flatMap((credential) => Object.keys(credential.displayOptions?.show ?? {})));
	return description.properties.filter((property) => names.has(property.name));
}

describe('versions 2 and 3: one description, the layout n8n shows whole', () => {
	it('makes version 3 the default a new node gets, and serves versions 2 and 3 with one description', () => {
		expect((nodeTypes.getByName(ACTION_NODE_TYPE).description as INodeTypeDescription).version).toEqual([2, 3]);
		expect(nodeTypeFor(ACTION_NODE_TYPE, 3)).toBe(nodeTypeFor(ACTION_NODE_TYPE, 2));
		expect(new LoyaltyPromotions().currentVersion).toBe(3);
	});

	it('puts Authentication first, depending on nothing, with every credential to choose from', () => {
		expect(v2.properties[0].name).toBe('authentication');
		for (const field of authFields(v2)) {
			expect(field.name).toBe('authentication');
			expect(field.type).toBe('options');
			expect(field.displayOptions).toBeUndefined();
		}
		expect(named(v2, 'authentication')).toHaveLength(1);
		expect(named(v2, 'authentication')[0].options?.map((option) => (option as { value: string }).value).sort()).toEqual(['appKeys', 'managementKeys', 'oAuth2', 'oAuthServiceKey']);
	});

	it('version 3 has one Resource list naming every resource once, whatever the Authentication', () => {
		const lists = named(v2, 'resource').filter((property) => property.options && property.options.length > 0);
		expect(lists).toHaveLength(1);
		expect(lists[0].displayOptions).toEqual({ show: { '@version': [3] } });
		const offered = lists[0].options!.map((option) => (option as { value: string }).value);
		expect([...offered].sort()).toEqual(RESOURCES.map((resource) => resource.value).sort());
		expect(new Set(offered).size).toBe(offered.length);
	});

	it("version 2 keeps a Resource list per Authentication with its own default, its options loaded rather than listed (saved workflows leave a default out)", async () => {
		const lists = named(v2, 'resource').filter((property) => property.displayOptions?.show?.['@version']?.includes(2));
		expect(lists.map((list) => [list.displayOptions!.show!.authentication![0], list.default])).toEqual([
			['appKeys', 'voucher'],
			['managementKeys', 'webhook'],
			['oAuth2', 'voucher'],
		]);
		const method = nodeTypeFor(ACTION_NODE_TYPE, 2).methods!.loadOptions!.getAuthenticationResources;
		for (const list of lists) {
			expect(list.options ?? []).toEqual([]);
			expect(list.typeOptions?.loadOptionsMethod).toBe('getAuthenticationResources');
			const authentication = String(list.displayOptions!.show!.authentication![0]);
			const offered = (await method.call({ getNodeParameter: () => authentication } as never)).map((option) => option.value).sort();
			const expected = RESOURCES.filter((resource) => AUTHENTICATIONS[resource.auth].includes(authentication)).map((resource) => resource.value).sort();
			expect(offered).toEqual(expected);
			expect(offered).toContain(list.default);
		}
	});

	it('never makes Resource or Operation depend on a parameter the editor hides', () => {
		for (const property of [...named(v2, 'resource'), ...named(v2, 'operation')]) {
			for (const name of Object.keys(property.displayOptions?.show ?? {})) expect(['authentication', 'resource', '@version']).toContain(name);
		}
	});

	it('names operation and resource in the subtitle by their display names', () => {
		const workflow = new Workflow({
			nodes: [{ id: 'n', name: 'N', type: ACTION_NODE_TYPE, typeVersion: 2, position: [0, 0], parameters: { authentication: 'appKeys', resource: 'sku', operation: 'upsert' } }],
			connections: {},
			active: false,
			nodeTypes,
		});
		const node = workflow.getNode('N')!;
		const subtitle = workflow.expression.getSimpleParameterValue(node, v2.subtitle!, 'internal', {});
		expect(subtitle).toBe('Create or Update: SKU');
	});

	it('offers Simplify on large answers, on by default', () => {
		const simplify = named(v2, 'simplify');
		for (const property of simplify) expect(property.default).toBe(true);
		const shownFor = simplify.flatMap((property) =>
			property.displayOptions!.show!.resource!.flatMap((resource) => property.displayOptions!.show!.operation!.map((operation) => `${resource}.${operation}`)),
		);
		expect(shownFor).toEqual(expect.arrayContaining(['voucher.get', 'customer.getAll', 'order.get', 'redemption.getAll', 'validation.validate', 'campaign.get', 'loyaltyMember.get']));
	});
});

describe('version 1: as it shipped', () => {
	it('offers exactly the operations it shipped with, and none of the parameters added since', () => {
		const operations = named(v1, 'operation').flatMap((property) =>
			property.options!.map((option) => `${property.displayOptions!.show!.resource![0]}.${(option as { value: string }).value}`),
		);
		const shipped = resourcesForVersion(RESOURCES, 1).flatMap((resource) => resource.operations.map((operation) => `${resource.value}.${operation.value}`));
		expect(operations.sort()).toEqual(shipped.sort());
		expect(operations).toHaveLength(70);
		expect(named(v1, 'simplify')).toEqual([]);
		expect(v1.properties[0].name).toBe('resource');
	});

	it("keeps version 1's Project ID text field, which version 2 replaced by the Project locator (removedIn)", () => {
		const shownFor = (description: INodeTypeDescription, resource: string) =>
			named(description, 'projectId').filter((property) => property.displayOptions?.show?.resource?.includes(resource));
		const [text] = shownFor(v1, 'webhook');
		expect(text).toMatchObject({ displayName: 'Project ID', type: 'string' });
		expect(shownFor(v1, 'webhook').every((property) => property.type === 'string')).toBe(true);
		expect(JSON.stringify(v1.properties)).not.toContain('@version');
		expect(shownFor(v2, 'webhook').length).toBeGreaterThan(0);
		expect(shownFor(v2, 'webhook').every((property) => property.type === 'resourceLocator')).toBe(true);
	});

	const ctx = useEmulator();

	it('runs a saved version 1 workflow unchanged: no Authentication saved, the whole answer, no Simplify', async () => {
		const parameters: INodeParameters = { resource: 'customer', operation: 'get', customerId: FIXTURES.customerId };
		const old = await runNode({ parameters, credentials: credentialsFor(ctx.emu), typeVersion: 1 });
		expect(old.error).toBeUndefined();
		const current = await runNode({ parameters, credentials: credentialsFor(ctx.emu), typeVersion: 2 });
		expect(Object.keys(old.items[0].json).length).toBeGreaterThan(Object.keys(current.items[0].json).length);
		expect(current.items[0].json.id).toBe(old.items[0].json.id);
	});

	it('keeps the hidden Authentication of version 1 resources that take only an OAuth token', async () => {
		const { error } = await runNode({
			parameters: { resource: 'program', operation: 'update', programId: FIXTURES.programDraft, updateFields: { name: 'Renamed' } },
			credentials: credentialsFor(ctx.emu),
			typeVersion: 1,
		});
		expect(error).toBeUndefined();
		expect(ctx.sent().some((request) => request.method === 'PUT' && request.path.includes(FIXTURES.programDraft))).toBe(true);
	});

	it('refuses an operation that version 1 never had, saying how to get it', async () => {
		const { error } = await runNode({
			parameters: { resource: 'customer', operation: 'noSuchOperation' },
			credentials: credentialsFor(ctx.emu),
			typeVersion: 1,
		});
		expect(error?.message).toMatch(/Unknown operation "noSuchOperation" for resource "customer" in version 1/);
	});
});
