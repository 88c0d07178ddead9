/**
 * The node parameters a scenario runs with: the operation's minimal parameters from the tests' catalogue
 * (test/actions/minimal.cts, which every operation needs an entry in and the endpoint tests run), then the
 * scenario's own over them. A parameter that becomes required is added to the catalogue for the tests to pass, and
 * so reaches the benchmark too, rather than failing a user's first `npm run bench`.
 */
import type { INodeParameters } from 'n8n-workflow';
import { RESOURCES } from '../../nodes/LoyaltyPromotions/actions/resources';
import { controllingParameters, recordFields } from '../../nodes/LoyaltyPromotions/shared/mapping';
import { RECORD_AUTO, RECORD_FIELDS_PARAMETER } from '../../nodes/LoyaltyPromotions/shared/mapping/parameters';
import { MINIMAL } from '../../test/actions/minimal.cjs';

/**
 * The top-level parameters the items give when the operation maps them automatically: the record's fields (a
 * typed value would serve every item that leaves its field out), except controlling ones, which stay typed.
 */
function mappedFromItems(resource: string, operation: string): Set<string> {
	const definition = RESOURCES.find((candidate) => candidate.value === resource)?.operations.find((candidate) => candidate.value === operation);
	if (!definition) throw new Error(`bench: the node has no operation ${resource}.${operation}`);
	const controlling = controllingParameters(definition);
	return new Set(recordFields(definition).map((field) => field.path.split('.')[0]).filter((name) => !controlling.has(name)));
}

/** `resource.operation`'s parameters: App Keys, its catalogue entry (less what the items give), and `own` over them. */
export function nodeParameters(key: string, own: INodeParameters): INodeParameters {
	const minimal = Object.prototype.hasOwnProperty.call(MINIMAL, key) ? MINIMAL[key] : undefined;
	if (minimal === undefined) throw new Error(`bench: test/actions/minimal.cts has no entry for ${key}`);
	const [resource, operation] = key.split('.');
	const fromItems = [own[RECORD_FIELDS_PARAMETER]].flat().includes(RECORD_AUTO) ? mappedFromItems(resource, operation) : new Set<string>();
	const typed = Object.entries(minimal).filter(([name]) => !fromItems.has(name));
	return { resource, operation, authentication: 'appKeys', ...Object.fromEntries(typed), ...own };
}
