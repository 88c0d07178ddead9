/**
 * The generated tables, from the node's own data: the operations (RESOURCES) and the trigger's event catalog in
 * docs/operations.md, the operations per area in README.md, the bounded operations in docs/ai.md. `npm run docs`
 * rewrites them (`-- --check`: only says whether they drifted); test/docs.test.cts fails when a file has drifted.
 */
import { readFileSync, writeFileSync } from 'fs';
import { join, relative } from 'path';
import { RESOURCES } from '../nodes/LoyaltyPromotions/actions/resources';
import { CURRENT_VERSIONS, resourcesForVersion } from '../nodes/LoyaltyPromotions/actions/versions';
import { EVENT_FAMILIES } from '../nodes/LoyaltyPromotions/trigger/events';
import type { BoundKind, OperationDefinition } from '../nodes/LoyaltyPromotions/actions/types';
import { controlFields, controllingParameters, recordFields, shownByValue, type RecordField } from '../nodes/LoyaltyPromotions/shared/mapping';
import { BOUNDS, boundedFields } from '../nodes/LoyaltyPromotions/shared/limits';
import { BUDGETS, budgetsOf, budgetWindowProperty, DEFAULT_BUDGET_WINDOW_HOURS } from '../nodes/LoyaltyPromotions/shared/budgets';

const CREDENTIAL_LABEL: Record<string, string> = {
	appKeys: 'App Keys',
	appKeysOrOAuth2: 'App Keys or OAuth2',
	management: 'Management',
	oAuth2OrAppKeys: 'App Keys or OAuth2',
};

/**
 * Which node versions offer an operation: version 1 too, or only the versions of the current description (which
 * offer every operation; added after version 1 was frozen).
 */
function versionsOffering(resource: string, operation: string): string {
	const inVersion1 = resourcesForVersion(RESOURCES, 1).some(
		(candidate) => candidate.value === resource && candidate.operations.some((offered) => offered.value === operation),
	);
	return (inVersion1 ? [1, ...CURRENT_VERSIONS] : [...CURRENT_VERSIONS]).join(', ');
}

export function operationsTable(): string {
	const rows = RESOURCES.flatMap((resource) =>
		[...resource.operations]
			.sort((a, b) => a.name.localeCompare(b.name))
			.map(
				(operation) =>
					`| ${resource.name} | ${operation.name}${operation.deprecated ? ` (deprecated: use ${operation.deprecated})` : ''} | \`${operation.endpoint ?? ''}\` | ${CREDENTIAL_LABEL[resource.auth]} | ${operation.list ? 'yes' : ''} | ${versionsOffering(resource.value, operation.value)} |`,
			),
	);
	return ['| Resource | Operation | Endpoint | Credential | Return All | Node versions |', '|---|---|---|---|---|---|', ...rows].join('\n');
}

export function eventsTable(): string {
	const rows = Object.entries(EVENT_FAMILIES).map(
		([family, kinds]) => `| ${family} | ${(kinds as readonly string[]).map((kind) => `\`${kind}\``).join(', ')} |`,
	);
	return ['| Family | Event kinds |', '|---|---|', ...rows].join('\n');
}

/** The README's areas: each resource in exactly one (a resource left out fails `npm run docs` and its test). */
const AREAS: ReadonlyArray<readonly [string, readonly string[]]> = [
	['Vouchers & campaigns', ['voucher', 'campaign', 'campaignTemplate', 'publication']],
	['Promotions', ['promotionTier', 'promotionStack']],
	['Validation & redemption', ['validation', 'qualification', 'redemption', 'validationRule', 'validationRuleAssignment']],
	['Loyalty (current, v2)', ['program', 'programMember', 'loyaltyCard', 'cardDefinition', 'tierStructure', 'earningRule', 'benefit', 'programReward', 'loyaltyReward', 'programReport', 'examine']],
	['Loyalty (legacy, v1; deprecated since 21 July 2026)', ['loyaltyMember']],
	['Customers & orders', ['customer', 'order', 'segment', 'event']],
	['Products & catalogue', ['product', 'sku', 'productCollection', 'category', 'location', 'area', 'metadataSchema']],
	['Rewards & referrals', ['reward', 'rewardAssignment', 'referralHolder']],
	['Exports & async', ['export', 'asyncAction', 'trashBin']],
	['Management (any project of the account)', ['project', 'user', 'webhook', 'customEventSchema', 'managementMetadataSchema', 'stackingRules', 'branding', 'managementCampaignTemplate']],
	['OAuth tokens', ['oAuthToken']],
];

export function areasTable(): string {
	const byValue = new Map(RESOURCES.map((resource) => [resource.value, resource]));
	const placed = AREAS.flatMap(([, values]) => values);
	const unplaced = RESOURCES.filter((resource) => !placed.includes(resource.value)).map((resource) => resource.value);
	const unknown = placed.filter((value) => !byValue.has(value));
	if (unplaced.length > 0 || unknown.length > 0 || new Set(placed).size !== placed.length) {
		throw new Error(`scripts/docs.cts AREAS: place every resource once (not placed: ${unplaced.join(', ') || 'none'}; unknown: ${unknown.join(', ') || 'none'})`);
	}
	const rows = AREAS.map(([area, values]) => {
		const resources = values.map((value) => byValue.get(value)!);
		const count = resources.reduce((sum, resource) => sum + resource.operations.length, 0);
		return `| ${area} | ${count} | ${resources.map((resource) => resource.name.replace(/^(Loyalty|Management)(?: \(Legacy\))?: /, '')).join(', ')} |`;
	});
	const total = RESOURCES.reduce((sum, resource) => sum + resource.operations.length, 0);
	return ['| Area | Operations | Resources |', '|---|---|---|', ...rows, `| **All** | **${total}** | [every operation, its endpoint and credential](docs/operations.md) |`].join('\n');
}

/**
 * The panel values a field is shown for, by its own conditions on the operation's parameters: 'Discount Type
 * Amount Off' (options by their names; a collection option's '/type' conditions too); empty when always shown.
 */
function shownFor(operation: OperationDefinition, field: RecordField): string {
	const conditions = Object.entries(field.property.displayOptions?.show ?? {}).flatMap(([key, values]) => {
		const controller = operation.properties.find((property) => property.name === key.replace(/^\//, ''));
		if (!controller || !Array.isArray(values)) return [];
		const names = values.map((value) => ((controller.options ?? []) as Array<{ name?: string; value?: unknown }>).find((option) => option.value === value)?.name ?? String(value));
		return [`${controller.displayName} ${names.join(' or ')}`];
	});
	return conditions.join(', ');
}

/**
 * How Map Automatically treats each record operation's fields: the input key of each (and the field it fills,
 * with the panel values it is read for when the panel shows it only for some), those the item must give
 * (required, hidden from the panel), and those that stay typed because the fields the panel shows
 * hang on them, in the record or not (the item may repeat their value, under any of their names, not change it).
 */
export function mappingTable(): string {
	const rows = RESOURCES.flatMap((resource) =>
		[...resource.operations]
			.filter((operation) => operation.record)
			.sort((a, b) => a.name.localeCompare(b.name))
			.map((operation) => {
				const fields = recordFields(operation);
				const controlling = controllingParameters(operation);
				const keys = fields
					.map((field) => {
						const only = shownFor(operation, field);
						return `\`${field.name}\` (${field.property.displayName}${only ? `; read for ${only}` : ''})`;
					})
					.join(', ');
				const required = fields
					.filter((field) => field.required && !controlling.has(field.path) && !shownByValue(operation, field.property))
					.map((field) => `\`${field.name}\``);
				// outside the record, a controlling field is named by its parameter's name, in the flat form
				const typed = controlFields(operation, fields).map((field) => {
					const name = fields.includes(field) ? field.name : field.name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
					return `\`${name}\` (${field.property.displayName}: shows ${controlling.get(field.path)!.join(', ')})`;
				});
				return `| ${resource.name} | ${operation.name} | ${keys} | ${required.join(', ') || '—'} | ${typed.join('; ') || '—'} |`;
			}),
	);
	return [
		'| Resource | Operation | Input keys (field) | The item must give | Stays typed: the panel decides |',
		'|---|---|---|---|---|',
		...rows,
	].join('\n');
}

/**
 * The operations that bound what one call moves (OperationDefinition.bounded) or count in a budget
 * (OperationDefinition.budgeted): each bounded field, where it sits in the panel, and its bound; each budget; then
 * the defaults.
 */
export function boundsTable(): string {
	const rows = RESOURCES.flatMap((resource) =>
		resource.operations
			.filter((operation) => operation.bounded || operation.budgeted)
			.map((operation) => {
				const fields = boundedFields(operation).map((field) => {
					const where = field.parents.filter((parent) => !('values' in parent)).map((parent) => `${parent.displayName} → `).join('');
					// a batch's `cards` field is given once per input item: the items are what is counted
					const what = operation.batch && field.kind === 'cards' ? `Input items, one ${field.property.displayName} each` : field.property.displayName;
					return `${where}${what} (${BOUNDS[field.kind].property.displayName})`;
				});
				const signed = operation.properties.some((property) => property.name === 'allowedChanges');
				const budgets = budgetsOf(operation).map((kind) => BUDGETS[kind].property.displayName);
				return `| ${resource.name} → ${operation.name}${operation.deprecated ? ' (deprecated)' : ''} | ${fields.join(', ') || '—'} | ${signed ? 'yes' : '—'} | ${budgets.join(', ') || '—'} |`;
			}),
	);
	const defaultOf = (kind: BoundKind) => {
		const { property, fallback } = BOUNDS[kind];
		return `${property.displayName} ${fallback.toLocaleString('en-US', { minimumFractionDigits: kind === 'amount' ? 2 : 0 })}`;
	};
	const counts = Object.values(BUDGETS)
		.map(({ property, counts }) => `${property.displayName} counts ${counts}`)
		.join('; ');
	return [
		'| Operation | Bounded fields (bound) | Allowed Changes | Budgets (per window: per member, per customer or in total) |',
		'|---|---|---|---|',
		...rows,
		'',
		`Defaults: ${defaultOf('points')}, ${defaultOf('amount')} (in the currency's main unit), ${defaultOf('cards')} (on the tool form only); budgets 0 (none), ${budgetWindowProperty.displayName} ${DEFAULT_BUDGET_WINDOW_HOURS}. ${counts}.`,
	].join('\n');
}

export const GENERATED = { operations: operationsTable, events: eventsTable, areas: areasTable, mapping: mappingTable, bounds: boundsTable };

/** The files that hold the generated tables: the operations reference, and the README's areas. */
export const GENERATED_FILE = join(__dirname, '..', 'docs', 'operations.md');
export const README_FILE = join(__dirname, '..', 'README.md');
/** The AI guide, whose table of bounds is generated. */
export const AI_FILE = join(__dirname, '..', 'docs', 'ai.md');

/** Replaces the text between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->`. */
export function fillIn(text: string): string {
	let result = text;
	for (const [name, make] of Object.entries(GENERATED)) {
		const pattern = new RegExp(`(<!-- generated:${name} -->)[\\s\\S]*?(<!-- /generated:${name} -->)`);
		result = result.replace(pattern, (_match, open: string, close: string) => `${open}\n${make()}\n${close}`);
	}
	return result;
}

/**
 * `npm run docs` rewrites the tables; `npm run docs -- --check` writes nothing and fails naming each file whose
 * tables have drifted (test/scripts/commands.test.cts runs it).
 */
if (require.main === module) {
	const files = [GENERATED_FILE, README_FILE, AI_FILE];
	const named = (list: string[]) => list.map((file) => relative(join(__dirname, '..'), file)).join(', ');
	const names = named(files);
	if (process.argv.includes('--check')) {
		const drifted = files.filter((file) => fillIn(readFileSync(file, 'utf8')) !== readFileSync(file, 'utf8'));
		if (drifted.length > 0) {
			console.error(`Generated tables out of date in ${named(drifted)}: run \`npm run docs\``);
			process.exitCode = 1;
		} else console.log(`${names}: generated tables up to date`);
	} else {
		for (const file of files) writeFileSync(file, fillIn(readFileSync(file, 'utf8')));
		console.log(`${names}: generated tables regenerated`);
	}
}
