/// <reference lib="dom" />
/**
 * Every example in examples/ opened in n8n 2.41.1's editor (headless Chromium) and run from it as a person would:
 * with the big Execute workflow button at the bottom. An example with a service trigger (which waits for an event)
 * ships it disabled, so that this button runs its Manual Trigger's sample (n8n's button picks an app trigger over a
 * Manual Trigger); its sticky note, shown whole, says so and how to go live. The run must end in "Workflow executed
 * successfully", with no node in error, and n8n must have saved it as a success, started by the Manual Trigger.
 */
import { browserTest, useSharedEditor, nodesWithIssues, openAndClose, openWorkflow, WAIT_MS, type Editor } from './editor.cjs';

const { loadExamples } = require('../examples');


interface WorkflowNode {
	name: string;
	type: string;
	disabled?: boolean;
	parameters: Record<string, unknown>;
}
const examples: Array<{ file: string; workflow: { id: string; name: string; nodes: WorkflowNode[] } }> = loadExamples();

const SERVICE_TRIGGER = 'n8n-nodes-loyalty-promotions.loyaltyPromotionsTrigger';
const STICKY_NOTE = 'n8n-nodes-base.stickyNote';
const MANUAL_TRIGGER = 'n8n-nodes-base.manualTrigger';

let editor: Editor | undefined;
const current = () => editor;

useSharedEditor({ workflows: examples.map((e) => e.workflow) }, (shared) => {
	editor = shared;
});

test('examples/ has examples to run', () => {
	expect(examples.length).toBeGreaterThanOrEqual(7);
});

/** The sticky notes as the canvas shows them: their text, and whether any of it is cut off. */
const stickyNotes = () =>
	editor!.page.$$eval('[data-test-id="sticky"]', (els) =>
		els.map((el) => {
			const box = el.firstElementChild as HTMLElement;
			return { text: (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim(), cutOff: box.scrollHeight > box.clientHeight + 1 };
		}),
	);

describe.each(examples.map((e) => [e.file, e] as const))('%s', (_file, { workflow }) => {
	const serviceTrigger = workflow.nodes.find((n) => n.type === SERVICE_TRIGGER);
	const manual = workflow.nodes.find((n) => n.type === MANUAL_TRIGGER);

	browserTest('opens in the editor, its sticky notes whole' + (serviceTrigger ? ', saying that the button runs the sample and how to go live' : ''), current, async () => {
		const { page, baseUrl } = editor!;
		await openWorkflow(page, baseUrl, workflow.id);
		await page.waitForSelector('[data-test-id="sticky"]', { visible: true });
		const notes = await stickyNotes();
		expect(notes.filter((n) => n.cutOff).map((n) => n.text.slice(0, 60))).toEqual([]);
		if (serviceTrigger) {
			// the service trigger would wait for an event: it is disabled, and the note names the manual trigger the
			// button runs and the trigger to enable to go live
			expect(manual).toBeDefined();
			expect(serviceTrigger.disabled).toBe(true);
			expect(notes.some((n) => n.text.includes(manual!.name) && n.text.includes(serviceTrigger.name) && /publish/i.test(n.text))).toBe(true);
		}
	});

	browserTest('runs from the editor and succeeds after each of its nodes was opened and closed', current, async () => {
		const { page, baseUrl, apiKey, stack } = editor!;
		await openWorkflow(page, baseUrl, workflow.id);
		// as a person looks a workflow over: every node opened (its panel loaded, lists and field lists fetched)
		// and closed with nothing changed; the run that follows is the editor's copy of the workflow
		for (const node of workflow.nodes.filter((n) => n.type !== STICKY_NOTE)) await openAndClose(page, node.name);
		expect(await nodesWithIssues(page)).toEqual([]);
		const before = (await stack.n8n.listExecutions(workflow.id, apiKey)).length;
		await page.locator('[data-test-id="execute-workflow-button"]').click();
		// n8n ends a manual run with a notification: success, or the node that failed
		const notification = await page.waitForFunction(
			() => [...document.querySelectorAll('.el-notification')].map((e) => (e as HTMLElement).innerText.replace(/\s+/g, ' ').trim()).find((t) => /executed successfully|problem|error|failed/i.test(t)) ?? '',
			{ timeout: WAIT_MS * 4 },
		);
		expect(await notification.jsonValue()).toMatch(/^Workflow executed successfully/);
		// no node shows a parameter or credential issue, or a failed run (the markers n8n 2.41.1's canvas draws)
		expect(await nodesWithIssues(page)).toEqual([]);
		const runs = await stack.n8n.waitForExecutions(workflow.id, apiKey, { count: before + 1, timeoutMs: WAIT_MS, includeData: true });
		const latest = runs.reduce((a: any, b: any) => (Number(b.id) > Number(a.id) ? b : a));
		expect({ mode: latest.mode, status: latest.status }).toEqual({ mode: 'manual', status: 'success' });
		if (serviceTrigger) {
			// the run started at the Manual Trigger (its sample), not at the service trigger
			const ran = Object.keys(latest.data.resultData.runData);
			expect({ manual: ran.includes(manual!.name), serviceTrigger: ran.includes(serviceTrigger.name) }).toEqual({ manual: true, serviceTrigger: false });
		}
	}, 600_000);
});
