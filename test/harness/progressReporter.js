'use strict';
/**
 * A jest reporter that keeps, in the file named by LP_PROGRESS_FILE, what is running now: each test file that has
 * started and not finished, and in it the test that has started and not finished (none: its set-up or teardown).
 * scripts/test.js reads it when a suite passes its time limit and is stopped, so the log says where it stalled;
 * jest itself prints nothing of a run it did not finish. Written whole on each change (a few hundred bytes).
 */
const fs = require('fs');
const path = require('path');

class ProgressReporter {
	constructor(globalConfig) {
		this.file = process.env.LP_PROGRESS_FILE;
		this.rootDir = globalConfig.rootDir;
		/** test file path → { since, test?: { name, since } } */
		this.running = new Map();
	}

	write() {
		if (!this.file) return;
		const entries = [...this.running].map(([file, state]) => ({ file: path.relative(this.rootDir, file), ...state }));
		fs.writeFileSync(this.file, JSON.stringify(entries));
	}

	onTestFileStart(test) {
		this.running.set(test.path, { since: Date.now() });
		this.write();
	}

	onTestCaseStart(test, info) {
		const state = this.running.get(test.path) ?? { since: Date.now() };
		state.test = { name: info.fullName, since: Date.now() };
		this.running.set(test.path, state);
		this.write();
	}

	onTestCaseResult(test) {
		const state = this.running.get(test.path);
		if (state) delete state.test;
		this.write();
	}

	onTestFileResult(test) {
		this.running.delete(test.path);
		this.write();
	}

	getLastError() {
		return undefined;
	}
}

/** What a progress file says is running, as lines for a log ("file › test, for N s"); [] when nothing is. */
ProgressReporter.describe = function describe(file, now = Date.now()) {
	let entries = [];
	try {
		entries = JSON.parse(fs.readFileSync(file, 'utf8'));
	} catch {
		return [];
	}
	const seconds = (since) => Math.round((now - since) / 1000);
	return entries.map(({ file: testFile, since, test }) =>
		test ? `${testFile} › ${test.name} (running for ${seconds(test.since)} s)` : `${testFile}, outside any test: its set-up or teardown (the file started ${seconds(since)} s ago)`,
	);
};

module.exports = ProgressReporter;
