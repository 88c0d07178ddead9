import { sampleOutput } from '../../../scripts/schemas.cjs';
import { MINIMAL, OPERATIONS } from '../../actions/minimal.cjs';
import { differences, FACTS, operationPattern, type OperationFacts } from '../contract/conform.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { runNode } from '../../harness/runWorkflow.cjs';
import { FIXTURES, startEmulator, type RunningEmulator } from '../index.cjs';

/**
 * The emulator answers as the published contract says: every operation of the catalogue runs once through the node
 * against a freshly reset emulator (its minimal parameters, fixture IDs and valid bodies, as the schema previews
 * sample them), and every answer it got is held to its operation's facts in contract/responses.json (status,
 * envelope, required keys, types, enums, nullability). A difference that neither the ledger there explains nor
 * the contract's own example of the answer shows fails, and so does an explained one that no longer differs.
 */

const KEYS = Object.keys(FACTS.operations);
/** Each contract operation's request pattern; a request two patterns match is the one with more fixed text. */
const PATTERNS = KEYS.map((key) => ({ key, pattern: operationPattern(key), fixed: key.replace(/\{\}/g, '').length }));

function contractOperation(method: string, path: string): string | undefined {
	const request = `${method} ${path}`;
	const matching = PATTERNS.filter(({ pattern }) => pattern.test(request));
	return matching.sort((a, b) => b.fixed - a.fixed)[0]?.key;
}

/** Where one answer differs from its operation's facts (those of its status where the operation has several). */
function answerDifferences(operation: OperationFacts, status: number, answer: string | undefined): string[] {
	const facts = [operation, ...(operation.also ?? [])].find((each) => each.status === status);
	if (!facts) return [`status ${status} where the contract has ${operation.status}`];
	if (facts.answer === undefined) return answer === undefined ? [] : ['a body where the contract has none'];
	if (answer === undefined) return ['no body where the contract has one'];
	return differences(facts.answer, JSON.parse(answer));
}

/** Runs the action node with these parameters; its first output item's JSON. */
async function run(parameters: Record<string, unknown>): Promise<Record<string, unknown>> {
	const result = await runNode({ parameters: parameters as never, credentials: credentialsFor(emu) });
	if (result.error) throw new Error(`${String(parameters.resource)}.${String(parameters.operation)} failed: ${result.error.message}`);
	return result.items[0].json as Record<string, unknown>;
}

/** The other endpoint of the operations that have two (their minimal run takes the first). */
const OTHER_ENDPOINTS: Array<() => Promise<unknown>> = [
	() => run({ resource: 'voucher', operation: 'create', type: 'DISCOUNT_VOUCHER', amountOff: 5, code: 'ANSWERS-OWN-CODE' }),
	() => run({ resource: 'campaign', operation: 'addVouchers', campaignId: FIXTURES.discountCampaignId, code: 'ANSWERS-CAMPAIGN-CODE' }),
	// the dry runs of the spending writes (their minimal run is the queued write, 202)
	...['purchaseReward', 'payOrderWithPoints'].map((operation) => () => run({ resource: 'programMember', operation, ...MINIMAL[`programMember.${operation}`], dryRun: true })),
	async () => {
		const redeemables = { redeemable: [{ type: 'giftCard', code: FIXTURES.giftCode, credits: 20 }, { type: 'voucher', code: FIXTURES.percentCode }] };
		const redeemed = await run({ resource: 'redemption', operation: 'redeem', redeemables, additionalFields: { orderAmount: 100, customer: FIXTURES.customerId } });
		const parent = redeemed.parent_redemption as { id: string };
		return run({ resource: 'redemption', operation: 'rollback', redemptionId: parent.id, stacked: true });
	},
];

let emu: RunningEmulator;
/** Per contract operation: how many successful answers were checked, and every difference found. */
const checked = new Map<string, number>();
const found = new Map<string, Set<string>>();

beforeAll(async () => {
	emu = await startEmulator({ port: 0, recordAnswers: true, quiet: true });
	const record = () => {
		for (const request of emu.control.requests()) {
			const key = contractOperation(request.method, request.path);
			// a refusal is some test's subject, not this one's: only the success answers are the contract's
			if (!key || request.status >= 300 && request.status !== FACTS.operations[key].status) continue;
			const facts = FACTS.operations[key];
			const download = facts.download && request.query.token !== undefined;
			checked.set(key, (checked.get(key) ?? 0) + 1);
			if (download) continue;
			const lines = found.get(key) ?? new Set<string>();
			for (const line of answerDifferences(facts, request.status, request.answer)) lines.add(line);
			found.set(key, lines);
		}
	};
	for (const { resource, operation } of OPERATIONS) {
		await sampleOutput(emu, resource.value, operation.value);
		record();
	}
	for (const other of OTHER_ENDPOINTS) {
		emu.control.reset();
		await other();
		record();
	}
}, 600_000);
afterAll(() => emu.stop());

it('the facts cover the 290 operations of the contract, and the ledger names only them', () => {
	expect(KEYS).toHaveLength(290);
	expect(Object.keys(FACTS.ledger).filter((key) => !(key in FACTS.operations))).toEqual([]);
});

it.each(KEYS)('%s answers as the contract says (or as the ledger explains)', (key) => {
	expect(checked.get(key) ?? 0).toBeGreaterThan(0);
	const seen = [...(found.get(key) ?? [])].sort();
	const followedExample = FACTS.examples[key]?.follows === 'example' ? (FACTS.examples[key].differences ?? []) : [];
	const explained = [...(FACTS.ledger[key] ?? []).map((entry) => entry.difference), ...followedExample].sort();
	expect({ unexplained: seen.filter((line) => !explained.includes(line)), noLongerDiffer: explained.filter((line) => !seen.includes(line)) }).toEqual({
		unexplained: [],
		noLongerDiffer: [],
	});
});
