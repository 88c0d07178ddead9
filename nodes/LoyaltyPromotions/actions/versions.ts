import type { INodeProperties } from 'n8n-workflow';
import type { OperationDefinition, ResourceDefinition } from './types';

/**
 * The action node's versions, n8n's way: a saved workflow keeps the typeVersion it was built with, so every
 * version's parameters keep their names, values and defaults. Version 1 (Resource first, Authentication hidden and
 * fixed by the resource) is frozen to the operations it had. Versions 2 and 3 share one description (n8n serves a
 * description once for all the versions it names), told apart by `@version` conditions where they differ:
 * version 2 offers the resources of the chosen Authentication only (its saved workflows rely on each list's own
 * default), version 3 one Resource list of every resource, and each record value once (no resource mapper).
 */
export const LATEST_VERSION = 3;

/** The versions the current description serves. */
export const CURRENT_VERSIONS = [2, 3] as const;

/** Version 1's resources and operations, as they shipped (the first of each is its default operation). */
const VERSION_1_OPERATIONS: Readonly<Record<string, readonly string[]>> = {
	oAuthToken: ['create', 'introspect'],
	customEventSchema: ['getAll'],
	webhook: ['create', 'delete', 'get', 'getAll', 'update'],
	loyaltyMember: ['getManyPendingPoints', 'getActivity', 'add', 'get', 'getAll', 'adjustPoints', 'redeemReward', 'getManyTransactions'],
	loyaltyCard: ['getManyPendingPointBuckets'],
	programReward: ['batch'],
	cardDefinition: ['update'],
	tierStructure: ['update'],
	program: ['update'],
	customer: ['getManyActivities', 'upsert', 'delete', 'get', 'getAll', 'update'],
	order: ['create', 'get', 'getAll', 'update'],
	product: ['upsert', 'delete', 'get', 'getAll', 'import', 'update'],
	sku: ['create', 'upsert', 'get', 'import', 'update'],
	export: ['create', 'download', 'get', 'getAll'],
	category: ['getAll'],
	rewardAssignment: ['create'],
	campaignTemplate: ['get'],
	event: ['track'],
	campaign: ['get', 'getAll', 'addVouchers'],
	voucher: ['create', 'get', 'update', 'delete', 'getAll', 'enable', 'disable', 'adjustBalance', 'getManyTransactions'],
	publication: ['create', 'getAll'],
	validation: ['validate'],
	qualification: ['checkEligibility'],
	redemption: ['redeem', 'get', 'getAll', 'rollback'],
};

/** The resources and operations a node version offers, in their registered order. */
export function resourcesForVersion(resources: ResourceDefinition[], version: number): ResourceDefinition[] {
	if (version >= 2) return resources;
	return resources
		.filter((resource) => resource.value in VERSION_1_OPERATIONS)
		.map((resource) => {
			const offered = VERSION_1_OPERATIONS[resource.value];
			const operations = offered.map((value) => resource.operations.find((operation) => operation.value === value)).filter(
				(operation): operation is OperationDefinition => operation !== undefined,
			);
			return { ...resource, operations };
		});
}

/**
 * Marks a parameter added after version 1 (e.g. Simplify): version 1's description leaves it out, so its saved
 * workflows read the parameter's fallback, which keeps their behaviour.
 */
const ADDED_IN = Symbol('addedInVersion');
/** Marks a parameter a later version replaced (e.g. version 1's Project ID text, a locator since version 2). */
const REMOVED_IN = Symbol('removedInVersion');
type Versioned = INodeProperties & { [ADDED_IN]?: number; [REMOVED_IN]?: number };

export function addedIn(version: number, property: INodeProperties): INodeProperties {
	return Object.assign({ ...property }, { [ADDED_IN]: version });
}

/** The parameter as the versions before `version` offered it; that version's description and later leave it out. */
export function removedIn(version: number, property: INodeProperties): INodeProperties {
	return Object.assign({ ...property }, { [REMOVED_IN]: version });
}

export function offeredIn(version: number, property: INodeProperties): boolean {
	const versioned = property as Versioned;
	return (versioned[ADDED_IN] ?? 1) <= version && version < (versioned[REMOVED_IN] ?? Infinity);
}

/**
 * The parameter as a description serving several versions shows it: unchanged where every one offers it, with an
 * `@version` condition where only some do, undefined where none does.
 */
export function forVersions(versions: readonly number[], property: INodeProperties): INodeProperties | undefined {
	const offered = versions.filter((version) => offeredIn(version, property));
	if (offered.length === 0) return undefined;
	if (offered.length === versions.length) return property;
	const show = { ...property.displayOptions?.show, '@version': offered };
	return { ...property, displayOptions: { ...property.displayOptions, show } };
}
