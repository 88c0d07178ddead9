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
		const chosen = optionalId(field, choice.label, value);
		if (chosen) return chosen;
		if (containsExpression(choice.stored)) {
			fail(
				field,
				choice.label,
				`its expression gave nothing (empty, null or missing); name a project, or choose "The credential's project" in From List to use the credential's`,
			);
		}
	}
	const fallback = await choice.credentialProject();
	if (fallback === undefined || fallback === null || String(fallback).trim() === '') {
		fail(field, choice.label, "is required (name a project here, or set the credential's Project ID)");
	}
	return requireId(field, "Project ID (the credential's)", fallback);
}
