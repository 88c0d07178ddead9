'use strict';
/**
 * A scripted OpenAI-compatible chat model on 127.0.0.1, for n8n's OpenAI Chat Model node (its credential's Base URL
 * points here): `POST /v1/chat/completions` answers with the tool calls a real model would make, then a final
 * answer, and every request is recorded (the messages and the tools n8n offered, with their JSON schemas).
 * `GET /v1/models` lists one model. CommonJS, Node built-ins only (the demo uses it too).
 *
 * A script is `(request) => reply`, where request = { messages, tools, body } and reply is either
 * `{ toolCalls: [{ name, arguments }] }` or `{ content }`, with `delayMs` to answer as late as a real model. `conversationScript(steps)` builds one from a list of
 * steps, the n-th step answering the request that carries n earlier assistant turns. A script names a tool's own
 * arguments; a tool behind n8n's human review offers them wrapped (`{ toolParameters, hitlParameters }` in its
 * schema), and the model wraps them so, as a model reading the schema does (`callArguments` unwraps).
 */
const http = require('http');

const MODEL = 'scripted-loyalty-model';
const MAX_BODY_BYTES = 5 * 1024 * 1024;
const MAX_RECORDED = 1000;
/**
 * n8n 2.41.1's chat sends a review only once its 3-second poll has seen the run running since the previous review
 * of the same review node (n8n/dist/chat/chat-service.js, waitForChatResponseOrContinue); a model that calls a
 * reviewed tool again answers this late, as real models usually do, so that the poll sees the run.
 */
const REVIEW_PACE_MS = 3500;

/** The name n8n gives a tool node's tool (its node name, other characters than letters, digits, _ and - as _). */
function toolName(nodeName) {
	return nodeName.replace(/[^a-zA-Z0-9_-]/g, '_');
}

/** Whether an offered tool's schema wraps its arguments (a tool behind n8n's human review). */
function wrapsArguments(tools, name) {
	const tool = tools.find((t) => t.function && t.function.name === name);
	return Boolean(tool && tool.function.parameters && tool.function.parameters.properties && tool.function.parameters.properties.toolParameters);
}

/** The arguments a script gave for a call, wrapped as the offered tool's schema asks. */
function asOffered(tools, call) {
	const args = call.arguments ?? {};
	return wrapsArguments(tools, call.name) && !('toolParameters' in args) ? { toolParameters: args, hitlParameters: {} } : args;
}

/** Whether a reply calls a reviewed tool that the conversation has called before. */
function repeatsReviewedCall(request, reply) {
	const called = new Set(request.messages.flatMap((m) => (m.tool_calls || []).map((c) => c.function.name)));
	return (reply.toolCalls || []).some((c) => called.has(c.name) && wrapsArguments(request.tools, c.name));
}

/** A tool call's own arguments (an assistant message's `tool_calls[i]`), unwrapped from a review's wrapping. */
function callArguments(toolCall) {
	const args = JSON.parse(toolCall.function.arguments || '{}');
	return args.toolParameters ?? args;
}

/** The text of the tool results in a request, newest last: [{ name, content }] (name from the assistant's call). */
function toolResults(messages) {
	const calls = new Map();
	for (const m of messages) for (const c of m.tool_calls || []) calls.set(c.id, c.function.name);
	return messages.filter((m) => m.role === 'tool').map((m) => ({ name: calls.get(m.tool_call_id), content: typeof m.content === 'string' ? m.content : JSON.stringify(m.content) }));
}

/** The first user message's text. */
function userText(messages) {
	const m = messages.find((x) => x.role === 'user');
	if (!m) return '';
	return typeof m.content === 'string' ? m.content : (m.content || []).map((p) => p.text || '').join('');
}

/** A script from steps: step n answers the request with n assistant turns before it; past the last step, `done`. */
function conversationScript(steps, done = () => ({ content: 'I have nothing more to do.' })) {
	return (request) => {
		const turn = request.messages.filter((m) => m.role === 'assistant').length;
		const step = steps[turn];
		return step ? step(request) : done(request);
	};
}

function readBody(req) {
	return new Promise((resolve, reject) => {
		const chunks = [];
		let size = 0;
		req.on('data', (c) => {
			size += c.length;
			if (size > MAX_BODY_BYTES) {
				reject(new Error('request body too large'));
				req.destroy();
			} else chunks.push(c);
		});
		req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
		req.on('error', reject);
	});
}

/** The OpenAI chat completion (or its stream) for a reply to a request that offered these tools. */
function completion(reply, id, tools) {
	const message = reply.toolCalls
		? {
				role: 'assistant',
				content: null,
				tool_calls: reply.toolCalls.map((c, i) => ({ id: `call_${id}_${i}`, type: 'function', function: { name: c.name, arguments: JSON.stringify(asOffered(tools, c)) } })),
			}
		: { role: 'assistant', content: String(reply.content ?? '') };
	return {
		id: `chatcmpl-${id}`,
		object: 'chat.completion',
		created: Math.floor(Date.now() / 1000),
		model: MODEL,
		choices: [{ index: 0, message, finish_reason: reply.toolCalls ? 'tool_calls' : 'stop', logprobs: null }],
		usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
	};
}

function streamChunks(full) {
	const { message, finish_reason } = full.choices[0];
	const base = { id: full.id, object: 'chat.completion.chunk', created: full.created, model: full.model };
	const delta = message.tool_calls
		? { role: 'assistant', content: null, tool_calls: message.tool_calls.map((c, index) => ({ index, ...c })) }
		: { role: 'assistant', content: message.content };
	return [
		{ ...base, choices: [{ index: 0, delta, finish_reason: null }] },
		{ ...base, choices: [{ index: 0, delta: {}, finish_reason }], usage: full.usage },
	];
}

/**
 * Start the model: { baseUrl (…/v1, what the credential's Base URL takes), requests (recorded bodies with their
 * replies), setScript(fn), setReviewPace(ms), clearRequests(), stop() }. A reply that calls a reviewed tool again
 * waits `reviewPaceMs` first (REVIEW_PACE_MS) unless it sets its own `delayMs`.
 */
function startScriptedModel({ port = 0, script = () => ({ content: 'Hello from the scripted model.' }), reviewPaceMs = REVIEW_PACE_MS } = {}) {
	let current = script;
	let reviewPace = reviewPaceMs;
	let counter = 0;
	const requests = [];
	const server = http.createServer(async (req, res) => {
		const send = (status, body) => {
			res.writeHead(status, { 'content-type': 'application/json' });
			res.end(JSON.stringify(body));
		};
		try {
			const url = new URL(req.url, 'http://127.0.0.1');
			if (req.method === 'GET' && /\/models$/.test(url.pathname)) return send(200, { object: 'list', data: [{ id: MODEL, object: 'model', created: 0, owned_by: 'scripted' }] });
			if (req.method !== 'POST' || !/\/chat\/completions$/.test(url.pathname)) return send(404, { error: { message: `no route ${req.method} ${url.pathname}`, type: 'invalid_request_error' } });
			const body = JSON.parse(await readBody(req));
			const request = { messages: body.messages || [], tools: body.tools || [], body };
			const reply = current(request);
			if (requests.length < MAX_RECORDED) requests.push({ ...request, reply });
			const delayMs = reply.delayMs ?? (repeatsReviewedCall(request, reply) ? reviewPace : 0);
			if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
			const full = completion(reply, ++counter, request.tools);
			if (!body.stream) return send(200, full);
			res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
			for (const chunk of streamChunks(full)) res.write(`data: ${JSON.stringify(chunk)}\n\n`);
			res.end('data: [DONE]\n\n');
		} catch (e) {
			send(500, { error: { message: `scripted model: ${e.message}`, type: 'server_error' } });
		}
	});
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => {
			const address = server.address();
			resolve({
				port: address.port,
				baseUrl: `http://127.0.0.1:${address.port}/v1`,
				model: MODEL,
				requests,
				setScript(fn) {
					current = fn;
				},
				setReviewPace(ms) {
					reviewPace = ms;
				},
				clearRequests() {
					requests.length = 0;
				},
				stop() {
					const closed = new Promise((r) => server.close(() => r()));
					server.closeAllConnections();
					return closed;
				},
			});
		});
	});
}

module.exports = { startScriptedModel, conversationScript, toolName, toolResults, userText, callArguments, wrapsArguments, MODEL, REVIEW_PACE_MS };
