import * as fs from 'fs';
import * as path from 'path';
import {
	NodeHelpers,
	type INode,
	type INodeParameters,
	type INodeProperties,
	type INodePropertyOptions,
	type INodeTypeDescription,
} from 'n8n-workflow';
import { RESOURCES } from '../../nodes/LoyaltyPromotions/actions/resources';
import { AUTHENTICATIONS, credentialTypeFor, isSafeToRepeat } from '../../nodes/LoyaltyPromotions/actions/types';
import { BUDGETS, budgetWindowProperty } from '../../nodes/LoyaltyPromotions/shared/budgets';
import { BOUNDS } from '../../nodes/LoyaltyPromotions/shared/limits';
import { search } from '../harness/nodeCreatorSearch.cjs';
import { ACTION_NODE_TYPE, nodeTypeFor, PACKAGE } from '../harness/types.cjs';

/**
 * What n8n's editor makes of the node's description, without a browser (the browser suite does the same by hand
 * for a few actions): the nodes panel's actions, the node an action gives under each credential type, and the
 * parameters a saved workflow keeps when it is opened. The editor's own rules, as n8n 2.41 has them:
 * - the nodes panel lists, for every option of every parameter named `resource`, the operations of the first
 *   `operation` parameter shown for it; picking one presets `operation` and the first value of each of that
 *   parameter's display conditions (useActionsGeneration / getActionData);
 * - with exactly one usable credential, a new node gets it and the Authentication it is shown for
 *   (resolveNodeCredentials);
 * - parameters are resolved by NodeHelpers.getNodeParameters, which keeps only the parameters shown.
 */

const current = nodeTypeFor(ACTION_NODE_TYPE, 3).description;
const AUTHENTICATION_VALUES = ['appKeys', 'managementKeys', 'oAuth2'];

interface Action {
	heading: string;
	name: string;
	preset: INodeParameters;
}

function actionsOf(description: INodeTypeDescription): Action[] {
	const actions: Action[] = [];
	for (const resourceProperty of description.properties.filter((property) => property.name === 'resource')) {
		for (const option of (resourceProperty.options ?? []) as INodePropertyOptions[]) {
			const operations = description.properties.find(
				(property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(option.value),
			);
			for (const operation of (operations?.options ?? []) as INodePropertyOptions[]) {
				const conditions = Object.fromEntries(Object.entries(operations!.displayOptions?.show ?? {}).map(([name, values]) => [name, values![0]]));
				actions.push({ heading: option.name, name: operation.action ?? operation.name, preset: { operation: operation.value, ...conditions } as INodeParameters });
			}
		}
	}
	return actions;
}

const node = (parameters: INodeParameters, typeVersion = 3): INode => ({
	id: 'n',
	name: 'Loyalty Promotions',
	type: ACTION_NODE_TYPE,
	typeVersion,
	position: [0, 0],
	parameters,
});

/** The parameters the editor holds for a node: shown ones only, defaults filled in. */
function resolved(parameters: INodeParameters, typeVersion = 3, description = current): INodeParameters {
	return NodeHelpers.getNodeParameters(description.properties, parameters, true, false, node(parameters, typeVersion), description) ?? {};
}

function shown(parameters: INodeParameters, typeVersion = 3, description = current): INodeProperties[] {
	return description.properties.filter((property) => NodeHelpers.displayParameter(parameters, property, node(parameters, typeVersion), description));
}

describe("the nodes panel's actions (version 3)", () => {
	const actions = actionsOf(current);
	const operations = RESOURCES.flatMap((resource) => resource.operations.map((operation) => ({ resource, operation })));

	it('lists every operation exactly once, under its own resource', () => {
		expect(actions).toHaveLength(operations.length);
		for (const { resource, operation } of operations) {
			const listed = actions.filter((action) => action.preset.resource === resource.value && action.preset.operation === operation.value);
			expect(listed).toHaveLength(1);
			expect(listed[0].heading).toBe(resource.name);
			expect(listed[0].name).toBe(operation.action);
		}
	});

	it('gives every action a name of its own', () => {
		const names = actions.map((action) => action.name.toLowerCase());
		const repeated = names.filter((name, index) => names.indexOf(name) !== index);
		expect(repeated).toEqual([]);
	});
});

/**
 * What users type into the node creator's search, and what it must find with n8n's own matching rule
 * (test/harness/nodeCreatorSearch.cts): the node among the nodes (its name and the codex file's aliases), then,
 * inside the node, one of the right actions among the first five listed.
 */
const SEARCHES: Array<[typed: string, actions: RegExp]> = [
	['loyalty points', /^loyaltyCard\.adjustPoints$/],
	['add points', /^loyaltyCard\.adjustPoints$/],
	['add loyalty points', /^loyaltyCard\.adjustPoints$/],
	['subtract points', /^loyaltyCard\.adjustPoints$/],
	['points', /^(loyaltyCard\.adjustPoints|programMember\.(purchaseReward|payOrderWithPoints))$/],
	['pending points', /^loyaltyCard\.getManyPendingPointBuckets$/],
	['points balance', /^programMember\.get$/],
	['earn points', /^examine\.earningRules$/],
	['add member', /^programMember\.add$/],
	['add loyalty member', /^programMember\.add$/],
	['loyalty member', /^programMember\.add$/],
	['member', /^programMember\./],
	['loyalty card', /^loyaltyCard\./],
	['loyalty program', /^program\.create$/],
	['tier', /^tierStructure\./],
	['reward', /^(loyaltyReward\.|programMember\.purchaseReward$)/],
	['purchase reward', /^programMember\.purchaseReward$/],
];

describe("the node creator's search (n8n's matching rule, version 3's actions)", () => {
	const codex = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'nodes', 'LoyaltyPromotions', 'LoyaltyPromotions.node.json'), 'utf8')) as { alias: string[] };
	const theNode = { displayName: current.displayName, alias: codex.alias };
	const listed = actionsOf(current).map((action) => ({ displayName: action.name, key: `${String(action.preset.resource)}.${String(action.preset.operation)}` }));

	it.each(SEARCHES)('"%s" finds the node, then the action', (typed, wanted) => {
		expect(search(typed, [theNode])).toEqual([theNode]);
		const firstFive = search(typed, listed).slice(0, 5).map((action) => action.key);
		expect(firstFive).toEqual(expect.arrayContaining([expect.stringMatching(wanted)]));
	});

	it('matches as n8n does: characters in order, case aside, a trailing "trigger" word dropped', () => {
		const items = [{ displayName: 'Add or subtract loyalty points' }, { displayName: 'Get a card' }];
		expect(search('ADD points', items)).toEqual([items[0]]);
		expect(search('points add', items)).toEqual([]);
		expect(search('get card trig', items)).toEqual([items[1]]);
		// closer, earlier matches rank first
		expect(search('card', [{ displayName: 'Get many cards of a campaign' }, items[1]])).toEqual([items[1], { displayName: 'Get many cards of a campaign' }]);
	});
});

describe('an action picked from the nodes panel, under each credential type', () => {
	const cases = actionsOf(current).flatMap((action) => AUTHENTICATION_VALUES.map((authentication) => ({ ...action, authentication, key: `${action.preset.resource}.${action.preset.operation} with ${authentication}` })));

	it.each(cases)('$key: shows its operation and required fields, or the credential it needs', ({ preset, authentication }) => {
		const parameters = resolved({ ...preset, authentication });
		expect(parameters.resource).toBe(preset.resource);
		expect(parameters.operation).toBe(preset.operation);
		const visible = shown(parameters);
		const resourceList = visible.filter((property) => property.name === 'resource');
		expect(resourceList).toHaveLength(1);
		expect((resourceList[0].options as INodePropertyOptions[]).map((option) => option.value)).toContain(preset.resource);
		const operationList = visible.filter((property) => property.name === 'operation');
		expect(operationList).toHaveLength(1);
		expect((operationList[0].options as INodePropertyOptions[]).map((option) => option.value)).toContain(preset.operation);

		const resource = RESOURCES.find((candidate) => candidate.value === preset.resource)!;
		const operation = resource.operations.find((candidate) => candidate.value === preset.operation)!;
		// every required field of the operation that its own conditions show is on the panel
		const names = new Set(visible.map((property) => property.name));
		for (const field of operation.properties.filter((property) => property.required && property.type !== 'notice')) {
			const ownConditions = Object.entries(field.displayOptions?.show ?? {}).filter(([name]) => !['resource', 'operation'].includes(name));
			if (ownConditions.length === 0 && !field.displayOptions?.hide) expect({ field: field.name, shown: names.has(field.name) }).toEqual({ field: field.name, shown: true });
		}

		const callable = AUTHENTICATIONS[resource.auth].includes(authentication);
		const notice = visible.find((property) => property.name === 'credentialNotice');
		if (callable) expect(notice).toBeUndefined();
		else for (const name of credentialNames(resource.auth)) expect(notice?.displayName).toContain(name);
		// the credential the panel asks for is the one this Authentication names
		const credentials = (current.credentials ?? []).filter((credential) => NodeHelpers.displayParameter(parameters, credential, node(parameters), current));
		expect(credentials.map((credential) => credential.name)).toEqual([credentialTypeFor(authentication)]);
	});
});

function credentialNames(auth: keyof typeof AUTHENTICATIONS): string[] {
	const { CREDENTIAL_NAMES } = jest.requireActual('../../nodes/LoyaltyPromotions/actions/types');
	return AUTHENTICATIONS[auth].map((value) => `a ${CREDENTIAL_NAMES[credentialTypeFor(value)]}`);
}

/** The action node's nodes in the examples and the e2e suite's saved workflows, with their versions. */
function savedNodes(): Array<{ file: string; name: string; typeVersion: number; parameters: INodeParameters }> {
	const root = path.resolve(__dirname, '../..');
	const files = [
		...fs.readdirSync(path.join(root, 'examples')).filter((file) => file.endsWith('.json')).map((file) => path.join('examples', file)),
		...fs.readdirSync(path.join(root, 'test/e2e/v1-workflows')).filter((file) => file.endsWith('.json')).map((file) => path.join('test/e2e/v1-workflows', file)),
	];
	return files.flatMap((file) => {
		const workflow = JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as { nodes: Array<{ name: string; type: string; typeVersion: number; parameters: INodeParameters }> };
		return workflow.nodes
			.filter((saved) => saved.type === `${PACKAGE}.loyaltyPromotions`)
			.map((saved) => ({ file, name: saved.name, typeVersion: saved.typeVersion, parameters: saved.parameters }));
	});
}

describe('a saved workflow opened in the editor', () => {
	const nodes = savedNodes();

	it('covers every example and saved version-1 workflow, at versions 1 and 2', () => {
		expect(nodes.length).toBeGreaterThan(20);
		expect(new Set(nodes.map((saved) => saved.typeVersion))).toEqual(new Set([1, 2]));
	});

	it.each(nodes.map((saved) => ({ ...saved, key: `${saved.file}: ${saved.name} (version ${saved.typeVersion})` })))('$key keeps every parameter it was saved with', ({ parameters, typeVersion }) => {
		const description = nodeTypeFor(ACTION_NODE_TYPE, typeVersion).description;
		const withDefaults = resolved(parameters, typeVersion, description);
		for (const [name, value] of Object.entries(parameters)) expect({ name, value: withDefaults[name] }).toEqual({ name, value });
		const resource = RESOURCES.find((candidate) => candidate.value === withDefaults.resource);
		expect(resource?.operations.map((operation) => operation.value)).toContain(withDefaults.operation);
		expect(NodeHelpers.getNodeParametersIssues(description.properties, node(withDefaults, typeVersion), description)).toBeNull();
	});
});

describe('each operation as the panel shows it', () => {
	const pairs = RESOURCES.flatMap((resource) => resource.operations.map((operation) => ({ resource, operation, key: `${resource.value}.${operation.value}` })));

	it.each(pairs)("$key: its fields in the order it lists them, each after the fields it depends on", ({ resource, operation }) => {
		const onPanel = current.properties.filter(
			(property) =>
				property.displayOptions?.show?.resource?.includes(resource.value) &&
				property.displayOptions?.show?.operation?.includes(operation.value) &&
				(property.displayOptions?.show?.['@version']?.includes(3) ?? true),
		);
		const names = onPanel.map((property) => property.name);
		const own = operation.properties.map((property) => property.name).filter((name, index, all) => all.indexOf(name) === index && names.includes(name));
		expect(names.filter((name, index) => own.includes(name) && names.indexOf(name) === index)).toEqual(own);
		onPanel.forEach((property, index) => {
			const dependsOn = Object.keys({ ...property.displayOptions?.show, ...property.displayOptions?.hide })
				.map((name) => name.replace(/^\//, '').split('.')[0])
				.filter((name) => !['resource', 'operation', '@version', 'authentication', 'columns'].includes(name));
			for (const name of dependsOn) {
				const first = names.indexOf(name);
				if (first >= 0) expect({ field: property.name, dependsOn: name, before: first < index }).toEqual({ field: property.name, dependsOn: name, before: true });
			}
		});
	});
});

describe("Output and the schema preview (n8n previews a node by resource, operation and version, never by Output)", () => {
	const withOutput = RESOURCES.flatMap((resource) =>
		resource.operations.filter((operation) => operation.simplify).map((operation) => ({ key: `${resource.value}.${operation.value}`, preset: { resource: resource.value, operation: operation.value } })),
	);
	const cases = withOutput.flatMap(({ key, preset }) => ['simplified', 'raw', 'selected'].map((output) => ({ key: `${key} with Output ${output}`, preset, output })));

	it('covers every operation whose panel has Output', () => {
		const all = RESOURCES.flatMap((resource) => resource.operations.map((operation) => ({ resource: resource.value, operation: operation.value })));
		const onPanel = all.filter((preset) => shown(resolved(preset)).some((property) => property.name === 'output'));
		expect(onPanel).toEqual(withOutput.map(({ preset }) => preset));
	});

	it.each(cases)('$key: the panel says, right below Output, whether the preview shows what this Output gives', ({ preset, output }) => {
		const visible = shown(resolved({ ...preset, output }));
		const names = visible.map((property) => property.name);
		const notices = visible.filter((property) => property.name === 'outputPreviewNotice');
		if (output === 'simplified') {
			expect(notices).toEqual([]);
			return;
		}
		expect(notices).toHaveLength(1);
		expect(notices[0].type).toBe('notice');
		expect(notices[0].displayName).toMatch(/preview shows the Simplified output's fields/);
		expect(names.indexOf('outputPreviewNotice')).toBe(names.indexOf('output') + 1);
	});

	it('weighs no more copies in the description than Output itself', () => {
		const copies = (name: string) => current.properties.filter((property) => property.name === name).length;
		expect(copies('outputPreviewNotice')).toBe(copies('output'));
	});
});

describe('each operation as an AI agent\'s tool (n8n\'s tool copy of the node)', () => {
	/**
	 * n8n's tool copy of a usable-as-tool node (tool-generation/ai-tools.js in 2.41): the same description under
	 * the name + 'Tool'. A display condition on '@tool' reads whether the node type's name ends with 'Tool'
	 * (n8n-workflow's getPropertyValues), which NodeHelpers decides from the description it is given.
	 */
	const toolCopy: INodeTypeDescription = { ...current, name: `${current.name}Tool` };
	/**
	 * Node-wide settings a model has no use for: Concurrency (a tool call is one item), where a downloaded file goes,
	 * and version 3's Record Fields (a model sets each field itself). Version 2's Map Input Fields stays: a saved
	 * version 2 tool may hold values there, and a hidden parameter's value is dropped when n8n loads the node.
	 */
	const HIDDEN_FROM_TOOLS = ['options', 'binaryPropertyName', 'recordFields'];
	/** The operation values that are a write (not safe to repeat) in some resource. */
	const WRITE_OPERATIONS = new Set(RESOURCES.flatMap((resource) => resource.operations.filter((operation) => !isSafeToRepeat(operation)).map((operation) => operation.value)));
	/** Shown on a tool only: Max Calls per Run, for the writes; Max Cards per Call, for what issues cards (limitsCards.test.cts). */
	const ONLY_ON_TOOLS = ['maxCallsPerRun', BOUNDS.cards.property.name];
	const cases = [2, 3].flatMap((typeVersion) =>
		actionsOf(current).map((action) => ({ ...action, typeVersion, key: `${String(action.preset.resource)}.${String(action.preset.operation)} (version ${typeVersion})` })),
	);

	it('hides them on a tool and shows them on the node (the test sees both)', () => {
		const presets = [
			{ resource: 'export', operation: 'download' },
			{ resource: 'customer', operation: 'upsert' },
		];
		const onNode = presets.flatMap((preset) => shown(resolved(preset)).map((property) => property.name));
		expect(onNode).toEqual(expect.arrayContaining(HIDDEN_FROM_TOOLS));
		const onTool = presets.flatMap((preset) => shown(resolved(preset, 3, toolCopy), 3, toolCopy).map((property) => property.name));
		expect(onTool).toEqual(expect.arrayContaining(['exportId', 'sourceId']));
		for (const name of HIDDEN_FROM_TOOLS) expect(onTool).not.toContain(name);
	});

	/**
	 * n8n 2.41's "Defined automatically by the model" (the ✨ button, fromAIOverride.utils canBeContentOverride) is
	 * offered on a tool node's parameter unless it is an 'options' or 'credentialsSelect' field or has
	 * noDataExpression; the value it writes is ={{ <its marker comment> $fromAI(…) }}.
	 */
	it("lets the model define every field of an operation: only the node's own choices and the builder's bounds refuse an expression", () => {
		const refusing = new Set<string>();
		const walk = (properties: INodeProperties[]) => {
			for (const property of properties) {
				if (property.noDataExpression) refusing.add(property.name);
				const nested = (property.options ?? []) as Array<INodeProperties | INodePropertyOptions>;
				walk(nested.filter((option): option is INodeProperties => 'displayName' in option));
				walk(((property as { values?: INodeProperties[] }).values ?? []));
			}
		};
		walk(toolCopy.properties);
		const bounds = ['allowedChanges', 'maxCallsPerRun', ...Object.values(BOUNDS).map(({ property }) => property.name), ...Object.values(BUDGETS).map(({ property }) => property.name), budgetWindowProperty.name];
		expect([...refusing].sort()).toEqual(['authentication', 'columns', 'operation', 'output', 'recordFields', 'resource', 'unknownInputFields', ...bounds].sort());
	});

	it.each(cases)('$key: no setting a model has no use for, Max Calls per Run on a write, and the same fields otherwise', ({ preset, typeVersion }) => {
		const asTool = shown(resolved(preset, typeVersion, toolCopy), typeVersion, toolCopy).map((property) => property.name);
		const asNode = shown(resolved(preset, typeVersion), typeVersion).map((property) => property.name);
		expect(asTool.filter((name) => HIDDEN_FROM_TOOLS.includes(name))).toEqual([]);
		expect(asNode.filter((name) => ONLY_ON_TOOLS.includes(name))).toEqual([]);
		expect(asTool.filter((name) => !ONLY_ON_TOOLS.includes(name))).toEqual(asNode.filter((name) => !HIDDEN_FROM_TOOLS.includes(name)));
		expect(asTool.includes('maxCallsPerRun')).toBe(WRITE_OPERATIONS.has(String(preset.operation)));
		expect(asNode).toContain('options');
	});
});
