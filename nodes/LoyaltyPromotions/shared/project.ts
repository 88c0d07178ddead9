import { fail, locatorValue, optionalId, requireId, type FieldContext } from './validate';

/**
 * The value of the Project locator's From List entry "The credential's project": the user's visible choice of
 * the management credential's Project ID. Not a project ID (those start with proj_).
 */
export const CREDENTIAL_PROJECT = '@credential';

/** Whether a parameter's stored value holds an n8n expression anywhere (a string starting with '='). */
export function containsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(containsExpression);
	if (value !== null && typeof value === 'object') return Object.values(value).some(containsExpression);
	return false;
}

export interface ProjectChoice {
	/** The parameter as the workflow stores it (before expressions are resolved). */
	stored: unknown;
	/** Its value for this item. */
	resolved: unknown;
	/** The management credential's Project ID, read when it is the one to use. */
	credentialProject: () => Promise<unknown>;
	/** The field's name as the user sees it ('Project' in version 2, 'Project ID' in version 1). */
	label: string;
	/**
	 * Whether the field is version 2's locator, whose From List offers "The credential's project"; version 1 and
	 * the trigger have a text field, where the credential's project is the field left empty.
	 */
	locator?: boolean;
}

/** Characters that show as nothing: a project ID holding one is not the ID it looks like. */
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/u;

/** Text that an expression gives for a missing value when it turns it into text (`{{ String($json.none) }}`). */
const MISSING_AS_TEXT = new Set(['null', 'undefined', 'nan', '[object object]']);

/** How the user picks the credential's project instead, in this field. */
function credentialProjectHint(choice: ProjectChoice): string {
	return choice.locator
		? `choose "The credential's project" in From List to use the credential's`
		: "leave the field empty, without an expression, to use the credential's Project ID";
}

/**
 * Refuses a project that is no project ID although it is text: "null" or "undefined" (a missing value an
 * expression turned into text), or text holding an invisible character (a zero-width space looks empty or like
 * the ID without it). Each would otherwise be sent as a project, e.g. /projects/null/….
 */
function refuseFalseProject(field: FieldContext, choice: ProjectChoice, value: unknown): void {
	if (typeof value !== 'string') return;
	const text = value.trim();
	if (MISSING_AS_TEXT.has(text.toLowerCase())) {
		fail(field, choice.label, `is the text "${text}", not a project ID (an expression that gave a missing value as text?); name a project, or ${credentialProjectHint(choice)}`);
	}
	const invisible = INVISIBLE.exec(value);
	if (invisible) {
		const codePoint = `U+${invisible[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
		fail(field, choice.label, `holds an invisible character (${codePoint}, e.g. a zero-width space), which is not part of any project ID; remove it`);
	}
}

/**
 * The project a management request goes to. A named project is used as it is; "The credential's project"
 * (CREDENTIAL_PROJECT) is the credential's Project ID. An expression that gives nothing (empty, null, missing)
 * is an error naming the field, never a silent switch to the credential's project. Left empty without an
 * expression (never set, as saved version 1 and 2 workflows have it), it stays the credential's project.
 */
export async function resolveProject(field: FieldContext, choice: ProjectChoice): Promise<string> {
	const value = locatorValue(choice.resolved);
	if (typeof value !== 'string' || value.trim() !== CREDENTIAL_PROJECT) {
		refuseFalseProject(field, choice, value);
		const chosen = optionalId(field, choice.label, value);
		if (chosen) return chosen;
		if (containsExpression(choice.stored)) {
			fail(field, choice.label, `its expression gave nothing (empty, null or missing); name a project, or ${credentialProjectHint(choice)}`);
		}
	}
	const fallback = await choice.credentialProject();
	if (fallback === undefined || fallback === null || String(fallback).trim() === '') {
		fail(field, choice.label, "is required (name a project here, or set the credential's Project ID)");
	}
	return requireId(field, "Project ID (the credential's)", fallback);
}
