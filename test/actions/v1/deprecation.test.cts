import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { RESOURCES } from '../../../nodes/LoyaltyPromotions/actions/resources';
import { ACTION_NODE_TYPE, nodeTypeFor } from '../../harness/types.cjs';

/**
 * The service has deprecated the whole v1 loyalty API (/v1/loyalties…) for Loyalty v2, and the customer activities
 * list /v1/customers/{customerId}/activities for …/activity: the node marks those operations as the service does,
 * naming their successors, without changing what they send (the v1 loyalty member and customer tests still assert
 * the same requests).
 */
const operations = RESOURCES.flatMap((resource) => resource.operations.map((operation) => ({ resource, operation })));
const notices = (version: number) =>
	nodeTypeFor(ACTION_NODE_TYPE, version).description.properties.filter((property: INodeProperties) => property.name === 'deprecationNotice');

it('marks every /v1/loyalties operation and the customer activities list deprecated, and only those, naming successors', () => {
	const marked = operations.filter(({ operation }) => operation.deprecated).map(({ resource, operation }) => `${resource.value}.${operation.value}`);
	const legacy = operations
		.filter(({ operation }) => / \/v1\/loyalties|^GET \/v1\/customers\/\{customerId\}\/activities$/.test(` ${operation.endpoint}`.replace(/^ GET/, 'GET')))
		.map(({ resource, operation }) => `${resource.value}.${operation.value}`);
	expect(marked.sort()).toEqual(legacy.sort());
	expect(marked).toHaveLength(9);
	expect(marked).toContain('customer.getManyActivities');
	for (const { resource, operation } of operations.filter(({ operation }) => operation.deprecated))
		expect(operation.deprecated).toMatch(resource.value === 'customer' ? /^Customer → Get Many Activities \(GET \/v1\/customers\/\{customerId\}\/activity\)$/ : /Loyalty v2/);
});

it('version 2 shows a notice on each deprecated operation, and says so first in the operation list', () => {
	const description = nodeTypeFor(ACTION_NODE_TYPE, 2).description;
	const shown = notices(2).map((notice) => `${notice.displayOptions!.show!.resource![0]}.${notice.displayOptions!.show!.operation![0]}`);
	expect(shown.sort()).toEqual(operations.filter(({ operation }) => operation.deprecated).map(({ resource, operation }) => `${resource.value}.${operation.value}`).sort());
	const memberNotice = notices(2).find((notice) => notice.displayOptions!.show!.resource![0] === 'loyaltyMember')!;
	expect(memberNotice.displayName).toMatch(/^Deprecated by the service since 2026-07-21: .* For new workflows use .*Loyalty v2/);
	expect(memberNotice.displayName).not.toMatch(/Beta/);
	const memberOperations = description.properties.find(
		(property: INodeProperties) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes('loyaltyMember'),
	)!.options as INodePropertyOptions[];
	for (const option of memberOperations) expect(option.description).toMatch(/^Deprecated \(use /);
	expect(RESOURCES.find((resource) => resource.value === 'loyaltyMember')!.name).toBe('Loyalty (Legacy): Member');
});

it('version 1 keeps its parameters as they shipped: no notice added', () => {
	expect(notices(1)).toEqual([]);
});
