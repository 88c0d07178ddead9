import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { OperationDefinition } from '../../actions/types';
import { fieldType, propertyAt, recordFields, type RecordField } from './record';

/**
 * The operation's controlling parameters: those whose value decides which of its other parameters are shown (a
 * type, a discount type), each with the display names of the parameters it shows or hides.
 */
export function controllingParameters(operation: OperationDefinition): Map<string, string[]> {
	const names = new Set(operation.properties.map((property) => property.name));
	const controlling = new Map<string, string[]>();
	for (const property of operation.properties) {
		const { show = {}, hide = {} } = property.displayOptions ?? {};
		for (const name of [...Object.keys(show), ...Object.keys(hide)].map((key) => key.replace(/^\//, ''))) {
			if (!names.has(name) || name === property.name) continue;
			const dependents = controlling.get(name) ?? [];
			if (!dependents.includes(property.displayName)) dependents.push(property.displayName);
			controlling.set(name, dependents);
		}
	}
	return controlling;
}

/** Whether the panel shows `property` only for some value of another of the operation's parameters (Amount Off). */
export function shownByValue(operation: OperationDefinition, property: INodeProperties): boolean {
	const names = new Set(operation.properties.map((candidate) => candidate.name));
	const { show = {}, hide = {} } = property.displayOptions ?? {};
	return [...Object.keys(show), ...Object.keys(hide)].some((key) => names.has(key.replace(/^\//, '')) && key.replace(/^\//, '') !== property.name);
}

/** The controlling parameter whose panel value hides a field (Discount Type for Amount Off), and that value. */
export interface HiddenBy {
	controller: INodeProperties;
	value: unknown;
}

const matches = (values: unknown, value: unknown) => Array.isArray(values) && values.includes(value);

/**
 * What the panel's values hide, by n8n's rule (displayOptions' show and hide) over the operation's own
 * parameters: for a record path ('amountOff', 'additionalFields.vouchersCount'), the controlling parameter and
 * value that hide it, or undefined while it is shown. A parameter hidden itself holds no value for the fields that
 * hang on it (n8n drops it). `typed` gives a parameter's panel value. Conditions on other names (resource,
 * operation, '@version') are the description builder's, met wherever the operation is shown.
 */
export function panelVisibility(operation: OperationDefinition, typed: (name: string, fallback: unknown) => unknown): (path: string) => HiddenBy | undefined {
	const byName = new Map<string, INodeProperties[]>();
	for (const property of operation.properties) byName.set(property.name, [...(byName.get(property.name) ?? []), property]);
	const decided = new Map<string, HiddenBy | null>();
	const deciding = new Set<string>();

	/** A condition's controlling parameter and value: a root parameter ('/type' or, at the top, 'type'), or a sibling option. */
	const condition = (key: string, collection?: INodeProperties): { hidden?: HiddenBy; controller?: INodeProperties; value?: unknown } | undefined => {
		if (collection && !key.startsWith('/')) {
			const option = ((collection.options ?? []) as INodeProperties[]).find((candidate) => candidate.name === key);
			return option && { controller: option, value: ((typed(collection.name, {}) ?? {}) as IDataObject)[key] };
		}
		const name = key.replace(/^\//, '');
		const properties = byName.get(name);
		if (!properties) return undefined;
		const hidden = hiddenParameter(name);
		return hidden ? { hidden } : { controller: properties[0], value: typed(name, properties[0].default) };
	};

	function hiddenProperty(property: INodeProperties, collection?: INodeProperties): HiddenBy | undefined {
		const { show = {}, hide = {} } = property.displayOptions ?? {};
		for (const [key, values] of Object.entries(show)) {
			const found = condition(key, collection);
			if (found?.hidden) return found.hidden;
			if (found && !matches(values, found.value)) return { controller: found.controller!, value: found.value };
		}
		for (const [key, values] of Object.entries(hide)) {
			const found = condition(key, collection);
			// a hidden parameter has no value to match
			if (found && !found.hidden && matches(values, found.value)) return { controller: found.controller!, value: found.value };
		}
		return undefined;
	}

	/** Shown when one of the parameters of that name is (an operation may describe one field twice, by condition). */
	function hiddenParameter(name: string): HiddenBy | undefined {
		if (!decided.has(name)) {
			if (deciding.has(name)) return undefined;
			deciding.add(name);
			const reasons = (byName.get(name) ?? []).map((property) => hiddenProperty(property));
			deciding.delete(name);
			decided.set(name, reasons.length > 0 && !reasons.includes(undefined) ? reasons[0]! : null);
		}
		return decided.get(name) ?? undefined;
	}

	return (path) => {
		const [top, option] = path.split('.');
		const hidden = hiddenParameter(top);
		if (hidden || option === undefined) return hidden;
		const collection = byName.get(top)?.[0];
		const property = ((collection?.options ?? []) as INodeProperties[]).find((candidate) => candidate.name === option);
		return property && hiddenProperty(property, collection);
	};
}

/** Why a field is not used: "Amount Off is not used for the panel's Discount Type "Percent Off"". */
export function notUsedReason(field: RecordField, hidden: HiddenBy): string {
	const option = ((hidden.controller.options ?? []) as Array<{ name?: string; value?: unknown }>).find((candidate) => candidate.value === hidden.value);
	const value = option?.name ?? (typeof hidden.value === 'string' ? hidden.value : (JSON.stringify(hidden.value) ?? 'empty'));
	return `${field.property.displayName} is not used for the panel's ${hidden.controller.displayName} "${value}"`;
}

/**
 * The operation's controlling fields (controllingParameters) as fields an item may name: the record's own, under
 * its service name, and each one outside the record under its parameter's name. They stay typed: an item naming
 * one is compared with the panel's value (reader.ts), never read in its place.
 */
export function controlFields(operation: OperationDefinition, fields: RecordField[] = recordFields(operation)): RecordField[] {
	return [...controllingParameters(operation).keys()].flatMap((name): RecordField[] => {
		const mapped = fields.find((field) => field.path === name);
		if (mapped) return [mapped];
		const property = propertyAt(operation.properties, name);
		return property ? [{ name, path: name, property, type: fieldType(property), required: false }] : [];
	});
}
