/**
 * A chat with the AI agent example as n8n's hosted chat speaks it, shared by the e2e and matrix suites:
 * the Chat Trigger answers through response nodes, so the first POST only starts the execution
 * (`{executionStarted, executionId, resumeToken}`) and every message of the run (the agent's answer, each human
 * review with its Approve and Decline links) comes over n8n's `/chat` WebSocket. A review is answered as the
 * chat's browser does: by fetching the button's link. The example's reviews go by e-mail to the reviewers'
 * mailbox (mailbox.js), not to the chat: an endpoint's `reviews` reads them there, in the same shape. The example's
 * chat requires an n8n login: the POST carries the session cookie; the WebSocket needs only the run's resume token,
 * which the POST answered.
 */
// ws: Node 20 has no WebSocket client of its own
const WebSocket = require('ws');

/** n8n's WebSocket control messages, not chat messages. */
const HEARTBEAT = 'n8n|heartbeat';
const CONTROL = new Set([HEARTBEAT, 'n8n|continue']);
const WAIT_MS = 120_000;

/**
 * A browser's user agent: n8n's send-and-wait webhook ignores a request whose user agent looks like a bot or a
 * link preview (Node's fetch among them), so that a preview cannot approve.
 */
export const BROWSER_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

export interface Review {
	text: string;
	buttons: Array<{ text: string; link: string }>;
}

/** The review a chat message carries (n8n's `{"type":"with-buttons", …}`), or undefined for a plain message. */
export function reviewIn(message: string): Review | undefined {
	try {
		const parsed = JSON.parse(message);
		return parsed && Array.isArray(parsed.buttons) ? { text: String(parsed.text), buttons: parsed.buttons } : undefined;
	} catch {
		return undefined;
	}
}

/**
 * Clicks a review's Approve or Decline button (its signed link, fetched as a browser would). A review by e-mail can
 * arrive while its run is still running (n8n's Send Email sends, then puts the run to wait), which n8n answers
 * 409 "is running already" without resuming anything: the click is made again until the run waits (bounded).
 */
export async function answerReview(review: Review, decision: 'approve' | 'decline'): Promise<void> {
	const label = decision === 'approve' ? /^approve/i : /^(decline|disapprove)/i;
	const button = review.buttons.find((b) => label.test(b.text));
	if (!button) throw new Error(`no ${decision} button in the review ${JSON.stringify(review)}`);
	const deadline = Date.now() + WAIT_MS;
	for (;;) {
		const res = await fetch(button.link, { headers: { 'user-agent': BROWSER_USER_AGENT }, signal: AbortSignal.timeout(60_000) });
		const body = res.status >= 400 ? await res.text() : '';
		if (res.status === 409 && /is running already/.test(body) && Date.now() < deadline) {
			await new Promise((resolve) => setTimeout(resolve, 250));
			continue;
		}
		if (res.status >= 400) throw new Error(`${decision} link answered HTTP ${res.status}: ${body.slice(0, 300)}`);
		return;
	}
}

export interface ChatRun {
	sessionId: string;
	executionId: string;
	resumeToken?: string;
	/** Every chat message n8n sent so far on this connection, in order. */
	messages: string[];
	/** The next chat message not yet taken (waits for it; fails when the connection closes first). */
	next(what?: string): Promise<string>;
	/** How many chat messages came that next() has not taken yet. */
	pending(): number;
	/** Sends a chat message on this connection, as the chat page does when its user types one into the open run. */
	send(chatInput: string): void;
	/** Closes the connection; resolves once it is closed. */
	close(): Promise<void>;
}

/**
 * A Chat Trigger's chat URL and how to sign in to it: the example's chat requires n8n user authentication (n8n User
 * Auth), so each message carries an n8n login's `n8n-auth` cookie, as the hosted chat's page does in a signed-in
 * browser. Without a cookie the request is anonymous. `reviews`: where the workflow's human reviews go when not to
 * the chat (the example's go by e-mail to the reviewers' mailbox, mailbox.js).
 */
export interface ChatEndpoint {
	url: string;
	cookie?: string;
	reviews?: Reviews;
}

/** A reviewers' inbox (mailbox.js): each review as the chat showed one, with its Approve and Decline links. */
export interface Reviews {
	next(what?: string): Promise<Review & { to?: string[]; subject?: string }>;
	take(): (Review & { to?: string[]; subject?: string }) | undefined;
}

/** Posts one chat message to the Chat Trigger (signed in when the endpoint has a cookie); n8n's answer as it came. */
export async function postChatMessage(endpoint: ChatEndpoint, sessionId: string, chatInput: string): Promise<{ status: number; body: string }> {
	const res = await fetch(endpoint.url, {
		method: 'POST',
		headers: { 'content-type': 'application/json', ...(endpoint.cookie ? { cookie: endpoint.cookie } : {}) },
		body: JSON.stringify({ action: 'sendMessage', sessionId, chatInput }),
		signal: AbortSignal.timeout(60_000),
	});
	return { status: res.status, body: await res.text() };
}

/** Sends one message to the Chat Trigger's URL and follows the run it starts over n8n's `/chat` WebSocket. */
export async function startChat(n8nBaseUrl: string, endpoint: ChatEndpoint, sessionId: string, chatInput: string): Promise<ChatRun> {
	const res = await postChatMessage(endpoint, sessionId, chatInput);
	const body = res.body;
	let started: { executionStarted?: boolean; executionId?: string; resumeToken?: string } = {};
	try {
		started = JSON.parse(body);
	} catch {
		// reported below
	}
	if (!started.executionStarted || !started.executionId) throw new Error(`the chat did not start a run: HTTP ${res.status} ${body.slice(0, 300)}`);
	return connectChat(n8nBaseUrl, { sessionId, executionId: started.executionId, resumeToken: started.resumeToken });
}

/**
 * A connection to a run's chat (again, as a reloaded chat page connects, after the old one closed: n8n 2.41.1 drops
 * the new session when an old connection of the same session closes after it opened): n8n sends what the run
 * waits on.
 */
export async function connectChat(n8nBaseUrl: string, run: { sessionId: string; executionId: string; resumeToken?: string }): Promise<ChatRun> {
	const query = new URLSearchParams({ sessionId: run.sessionId, executionId: run.executionId, isPublic: 'true', ...(run.resumeToken ? { token: run.resumeToken } : {}) });
	const ws = new WebSocket(`ws://${new URL(n8nBaseUrl).host}/chat?${query}`);
	const messages: string[] = [];
	let taken = 0;
	let closed: string | undefined;
	let wake: () => void = () => undefined;
	const whenClosed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
	ws.on('message', (data: Buffer) => {
		const text = data.toString();
		if (text === HEARTBEAT) ws.send('n8n|heartbeat-ack');
		if (CONTROL.has(text)) return;
		messages.push(text);
		wake();
	});
	ws.on('close', (code: number) => {
		closed = `the chat connection closed (code ${code})`;
		wake();
	});
	await new Promise((resolve, reject) => {
		ws.once('open', resolve);
		ws.once('error', reject);
	});
	return {
		...run,
		messages,
		pending: () => messages.length - taken,
		send: (chatInput: string) => ws.send(JSON.stringify({ action: 'sendMessage', sessionId: run.sessionId, chatInput })),
		next(what = 'chat message') {
			return new Promise<string>((resolve, reject) => {
				const settle = () => {
					clearTimeout(timer);
					wake = () => undefined;
				};
				const timer = setTimeout(() => {
					settle();
					reject(new Error(`no ${what} in the chat after ${WAIT_MS / 1000} s; got ${JSON.stringify(messages)}`));
				}, WAIT_MS);
				const check = () => {
					if (taken < messages.length) {
						settle();
						resolve(messages[taken++]);
					} else if (closed) {
						settle();
						reject(new Error(`no ${what}: ${closed}; got ${JSON.stringify(messages)}`));
					} else wake = check;
				};
				check();
			});
		},
		close() {
			ws.close();
			return whenClosed;
		},
	};
}

/** What a person decides for each review: approve or decline. */
export type Decide = (review: Review, index: number) => 'approve' | 'decline';

/**
 * The next thing a chat run brings: a chat message, or, when the reviews go elsewhere (`reviews`), a review in
 * that inbox, whichever comes first (checked every 100 ms, bounded by WAIT_MS).
 */
export async function nextOfChatOrReviews(chat: ChatRun, reviews: Reviews | undefined, what: string): Promise<{ message?: string; review?: Review }> {
	if (!reviews) {
		const message = await chat.next(what);
		const review = reviewIn(message);
		return review ? { review } : { message };
	}
	const deadline = Date.now() + WAIT_MS;
	for (;;) {
		const review = reviews.take();
		if (review) return { review };
		if (chat.pending() > 0) return { message: await chat.next(what) };
		if (Date.now() > deadline) throw new Error(`no ${what} in the chat or the reviewers' inbox after ${WAIT_MS / 1000} s; chat got ${JSON.stringify(chat.messages)}`);
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

/**
 * One chat message through to the agent's answer: every review on the way (in the chat, or in the endpoint's
 * reviewers' inbox) is answered by `decide` (default: approve). Returns the answer (the first plain chat message),
 * the reviews in order and the run's execution ID.
 */
export async function chatThroughReviews(
	n8nBaseUrl: string,
	endpoint: ChatEndpoint,
	sessionId: string,
	chatInput: string,
	decide: Decide = () => 'approve',
): Promise<{ answer: string; reviews: Review[]; executionId: string }> {
	const chat = await startChat(n8nBaseUrl, endpoint, sessionId, chatInput);
	const reviews: Review[] = [];
	try {
		for (;;) {
			const { message, review } = await nextOfChatOrReviews(chat, endpoint.reviews, reviews.length ? 'answer or review after the last review' : 'answer or review');
			if (!review) return { answer: message!, reviews, executionId: chat.executionId };
			reviews.push(review);
			await answerReview(review, decide(review, reviews.length - 1));
		}
	} finally {
		await chat.close();
	}
}
