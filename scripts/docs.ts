/**
 * The operations reference's generated tables, from the node's own data: the operations (RESOURCES) and the
 * trigger's event catalog. `npm run docs` rewrites them in docs/operations.md; test/docs.test.ts fails when that
 * file has drifted.
 */
import { readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import { RESOURCES } from '../nodes/LoyaltyPromotions/actions/resources';
import { CURRENT_VERSIONS, resourcesForVersion } from '../nodes/LoyaltyPromotions/actions/versions';
import { EVENT_FAMILIES } from '../nodes/LoyaltyPromotions/trigger/events';

const CREDENTIAL_LABEL: Record<string, string> = {
	appKeys: 'App Keys',
	appKeysOrOAuth2: 'App Keys or OAuth2',
	management: 'Management',
	oAuth2: 'OAuth2',
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

export const GENERATED = { operations: operationsTable, events: eventsTable };

/** The file that holds the generated tables. */
export const GENERATED_FILE = join(__dirname, '..', 'docs', 'operations.md');

/** Replaces the text between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->`. */
export function fillIn(text: string): string {
	let result = text;
	for (const [name, make] of Object.entries(GENERATED)) {
		const pattern = new RegExp(`(<!-- generated:${name} -->)[\\s\\S]*?(<!-- /generated:${name} -->)`);
		result = result.replace(pattern, (_match, open: string, close: string) => `${open}\n${make()}\n${close}`);
	}
	return result;
}

if (require.main === module) {
	writeFileSync(GENERATED_FILE, fillIn(readFileSync(GENERATED_FILE, 'utf8')));
	console.log('docs/operations.md tables regenerated');
}
