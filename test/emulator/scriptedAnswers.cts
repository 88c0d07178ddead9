/**
 * Scripted answers, a switchable layer in front of the routes: a request that matches a scripted answer gets it
 * instead of the route's (the route does not run), e.g. the published contract's own response examples fed to the
 * node as answers for their operations. Answers are taken in the order they were set: one with `times` is spent
 * after that many matches and the next matching one answers, so N items of one run can get N different answers.
 */
import { routeMatcher } from './faults.cjs';
import type { Reply } from './router.cjs';

export interface ScriptedAnswer {
	method: string;
	/** As FaultOptions.route: a glob (`*` one segment, `**` anything) matching the whole path, else a substring; several: any of them. */
	route: string | string[];
	status?: number;
	/** A JSON value, sent as JSON (own keys such as `__proto__` included); with `contentType`, a string sent as it is. */
	body?: unknown;
	contentType?: string;
	/** How many requests it answers (default: every matching one while it is set). */
	times?: number;
}

interface Entry {
	answer: ScriptedAnswer;
	matches: (path: string) => boolean;
	left: number;
}

export class ScriptedAnswers {
	private entries: Entry[] = [];

	/** Replaces the scripted answers (null or [] switches the layer off). */
	set(answers: ScriptedAnswer[] | null): void {
		this.entries = (answers ?? []).map((answer) => {
			const matchers = [answer.route].flat().map((route) => routeMatcher(route));
			return { answer, matches: (path: string) => matchers.some((matches) => matches(path)), left: answer.times ?? Infinity };
		});
	}

	/** The reply for this request, or undefined when no scripted answer matches it. */
	take(method: string, path: string): Reply | undefined {
		const entry = this.entries.find((candidate) => candidate.left > 0 && candidate.answer.method.toUpperCase() === method && candidate.matches(path));
		if (!entry) return undefined;
		entry.left--;
		const { status = 200, body, contentType } = entry.answer;
		return contentType !== undefined ? { status, body, contentType } : { status, body };
	}
}
