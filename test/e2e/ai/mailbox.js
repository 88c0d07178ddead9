'use strict';
/**
 * The reviewers' mailbox of the AI agent example, shared by the e2e tests, the matrix and the demo: an SMTP server
 * on 127.0.0.1 that keeps every mail n8n's Send Email node sends (the example's human review goes to the reviewers'
 * address, not to the chat), and each review read back as the chat's were: its text and its Approve and Decline
 * links. Optionally an HTTP page listing the mails, for a person in the demo. CommonJS, Node built-ins only.
 */
const net = require('net');
const http = require('http');

const SMTP_CREDENTIAL_ID = 'lp-smtp';
/** Bounds: a mail larger than this is refused (552), and the mailbox keeps at most this many mails. */
const MAX_MAIL_BYTES = 1024 * 1024;
const MAX_MAILS = 1000;
const WAIT_MS = 120_000;

/** n8n's SMTP credential pointed at the mailbox: no TLS, no login (it listens on 127.0.0.1 only). */
function smtpCredential(port) {
	return { id: SMTP_CREDENTIAL_ID, name: 'SMTP (demo: the reviewers’ mailbox)', type: 'smtp', data: { user: '', password: '', host: '127.0.0.1', port, secure: false, disableStartTls: true } };
}

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", '#x2F': '/' };
const unescapeHtml = (text) => text.replace(/&(amp|lt|gt|quot|#39|#x27|#x2F);/g, (_, name) => ENTITIES[name]);

/** A MIME body as text, decoded from its transfer encoding (quoted-printable or base64; else as it came). */
function decodeBody(headers, body) {
	const encoding = (/^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1] ?? '').toLowerCase();
	if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
	if (encoding === 'quoted-printable') {
		const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
		return Buffer.from(bytes, 'latin1').toString('utf8');
	}
	return body;
}

/** The HTML part of a mail (a single part, or the text/html part of a multipart one). */
function htmlOf(raw) {
	const split = raw.indexOf('\r\n\r\n');
	const headers = raw.slice(0, split);
	const body = raw.slice(split + 4);
	const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
	if (!boundary) return decodeBody(headers, body);
	for (const part of body.split(`--${boundary}`)) {
		const at = part.indexOf('\r\n\r\n');
		if (at > 0 && /content-type:\s*text\/html/i.test(part.slice(0, at))) return decodeBody(part.slice(0, at), part.slice(at + 4));
	}
	return '';
}

/** A mail as the tests read it: to, subject, and, for a review, its text and buttons ({ text, link }). */
function parseMail(envelope, raw) {
	const split = raw.indexOf('\r\n\r\n');
	const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
	const header = (name) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1] ?? '';
	const html = htmlOf(raw);
	const paragraph = /<p style="white-space: pre-line;">([\s\S]*?)<\/p>/.exec(html)?.[1];
	const buttons = [...html.matchAll(/<a href="([^"]+)"[^>]*>([^<]*)<\/a>/g)].map((m) => ({ text: unescapeHtml(m[2].trim()), link: unescapeHtml(m[1]) }));
	return { from: envelope.from, to: envelope.to, subject: header('subject'), text: paragraph === undefined ? '' : unescapeHtml(paragraph.trim()).replace(/\r\n/g, '\n'), buttons, html };
}

/**
 * Starts the mailbox: `port` (the SMTP port), `mails` (every mail so far, in order), `next(what)` (the next mail not
 * yet taken, waiting for it), `take()` (the next one if it came, else undefined), `clear()`, `stop()`.
 */
async function startMailbox({ port = 0, host = '127.0.0.1' } = {}) {
	const mails = [];
	let taken = 0;
	let wake = () => undefined;
	const sockets = new Set();
	const server = net.createServer((socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
		socket.on('error', () => socket.destroy());
		let buffer = '';
		let inData = false;
		let envelope = { from: '', to: [] };
		const reply = (line) => socket.write(`${line}\r\n`);
		reply('220 reviewers-mailbox ESMTP');
		socket.on('data', (chunk) => {
			buffer += chunk.toString('latin1');
			if (buffer.length > MAX_MAIL_BYTES + 1024) {
				reply('552 mail too large');
				socket.destroy();
				return;
			}
			for (;;) {
				if (inData) {
					const end = buffer.indexOf('\r\n.\r\n');
					if (end < 0) return;
					const raw = Buffer.from(buffer.slice(0, end).replace(/\r\n\.\./g, '\r\n.'), 'latin1').toString('latin1');
					buffer = buffer.slice(end + 5);
					inData = false;
					const kept = mails.length < MAX_MAILS;
					if (kept) mails.push(parseMail(envelope, raw));
					envelope = { from: '', to: [] };
					reply(kept ? '250 kept' : '452 mailbox full');
					wake();
					continue;
				}
				const eol = buffer.indexOf('\r\n');
				if (eol < 0) return;
				const line = buffer.slice(0, eol);
				buffer = buffer.slice(eol + 2);
				const verb = line.slice(0, 4).toUpperCase();
				if (verb === 'EHLO' || verb === 'HELO') reply('250 reviewers-mailbox');
				else if (verb === 'MAIL') (envelope.from = /<([^>]*)>/.exec(line)?.[1] ?? ''), reply('250 ok');
				else if (verb === 'RCPT') envelope.to.push(/<([^>]*)>/.exec(line)?.[1] ?? ''), reply('250 ok');
				else if (verb === 'DATA') (inData = true), reply('354 end with <CRLF>.<CRLF>');
				else if (verb === 'QUIT') reply('221 bye'), socket.end();
				else if (verb === 'RSET' || verb === 'NOOP') reply('250 ok');
				else reply('502 not implemented');
			}
		});
	});
	await new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, resolve);
	});
	return {
		port: server.address().port,
		mails,
		/** The next mail not yet taken, once it came (fails after WAIT_MS). */
		next(what = 'mail') {
			return new Promise((resolve, reject) => {
				const timer = setTimeout(() => {
					wake = () => undefined;
					reject(new Error(`no ${what} in the reviewers' mailbox after ${WAIT_MS / 1000} s; it has ${mails.length} mail(s): ${JSON.stringify(mails.map((m) => m.subject))}`));
				}, WAIT_MS);
				const check = () => {
					if (taken < mails.length) {
						clearTimeout(timer);
						wake = () => undefined;
						resolve(mails[taken++]);
					} else wake = check;
				};
				check();
			});
		},
		/** The next mail not yet taken if it came, else undefined. */
		take() {
			return taken < mails.length ? mails[taken++] : undefined;
		},
		clear() {
			mails.length = 0;
			taken = 0;
		},
		stop() {
			for (const socket of sockets) socket.destroy();
			return new Promise((resolve) => server.close(() => resolve()));
		},
	};
}

/** An HTTP page on 127.0.0.1 listing the mailbox's mails, newest first, each with its links (for the demo). */
async function serveMailboxPage(mailbox, { port = 0, host = '127.0.0.1' } = {}) {
	const esc = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
	const server = http.createServer((req, res) => {
		const items = [...mailbox.mails].reverse().map((m) => `<li><b>${esc(m.subject)}</b> to ${esc(m.to.join(', '))}<pre>${esc(m.text)}</pre>${m.buttons.map((b) => `<a href="${esc(b.link)}">${esc(b.text)}</a>`).join(' · ')}</li>`);
		res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
		res.end(`<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="5"><title>Reviewers' mailbox</title><h1>Reviewers' mailbox</h1><ul>${items.join('') || '<li>No mail yet.</li>'}</ul>`);
	});
	await new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, resolve);
	});
	return { url: `http://${host}:${server.address().port}/`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

module.exports = { SMTP_CREDENTIAL_ID, smtpCredential, startMailbox, serveMailboxPage, parseMail };
