import { Workflow, type INodeParameters, type INodeProperties, type INodeTypeDescription } from 'n8n-workflow';
import { RESOURCES } from '../../nodes/LoyaltyPromotions/actions/resources';
import { AUTHENTICATIONS } from '../../nodes/LoyaltyPromotions/actions/types';
import { resourcesForVersion } from '../../nodes/LoyaltyPromotions/actions/versions';
import { FIXTURES } from '../emulator';
import { credentialsFor } from '../harness/emulatorCredentials';
import { nodeTypes, runNode } from '../harness/runWorkflow';
import { ACTION_NODE_TYPE, nodeTypeFor } from '../harness/types';
import { useEmulator } from './v1/setup';

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

describe('version 2: the layout n8n shows whole', () => {
	it('is the default version a new node gets', () => {
		expect((nodeTypes.getByName(ACTION_NODE_TYPE).description as INodeTypeDescription).version).toBe(2);
	});

	it('puts Authentication first, depending on nothing, with every credential to choose from', () => {
		expect(v2.properties[0].name).toBe('authentication');
		for (const field of authFields(v2)) {
			expect(field.name).toBe('authentication');
			expect(field.type).toBe('options');
			expect(field.displayOptions).toBeUndefined();
		}
		expect(named(v2, 'authentication')).toHaveLength(1);
		expect(named(v2, 'authentication')[0].options?.map((option) => (option as { value: string }).value).sort()).toEqual(['appKeys', 'managementKeys', 'oAuth2']);
	});

	it('shows a Resource list under every Authentication, each offering exactly the resources that credential calls', () => {
		for (const authentication of ['appKeys', 'oAuth2', 'managementKeys']) {
			const lists = named(v2, 'resource').filter((property) => property.displayOptions?.show?.authentication?.includes(authentication));
			expect(lists).toHaveLength(1);
			expect(Object.keys(lists[0].displayOptions!.show!)).toEqual(['authentication']);
			const offered = lists[0].options!.map((option) => (option as { value: string }).value).sort();
			const expected = RESOURCES.filter((resource) => AUTHENTICATIONS[resource.auth].includes(authentication)).map((resource) => resource.value).sort();
			expect(offered).toEqual(expected);
			expect(offered).toContain(lists[0].default);
		}
		// every resource can be reached under some Authentication
		const reachable = new Set(named(v2, 'resource').flatMap((property) => property.options!.map((option) => (option as { value: string }).value)));
		expect([...reachable].sort()).toEqual(RESOURCES.map((resource) => resource.value).sort());
	});

	it('never makes Resource or Operation depend on a parameter the editor hides', () => {
		for (const property of [...named(v2, 'resource'), ...named(v2, 'operation')]) {
			for (const name of Object.keys(property.displayOptions?.show ?? {})) expect(['authentication', 'resource']).toContain(name);
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
		expect(simplify.length).toBeGreaterThanOrEqual(10);
		for (const property of simplify) expect(property.default).toBe(true);
		const shownFor = simplify.map((property) => `${property.displayOptions!.show!.resource![0]}.${property.displayOptions!.show!.operation![0]}`);
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
		expect(JSON.stringify(v2.properties)).not.toContain('@version');
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
