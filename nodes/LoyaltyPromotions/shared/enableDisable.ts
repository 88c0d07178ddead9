import type { INodeProperties } from 'n8n-workflow';
import type { OperationDefinition, ParamReader } from '../actions/types';

/** What Enable and Disable of one kind of object share: the object's field, its path and wording. */
export interface EnableDisableSpec {
	/** e.g. 'voucher' */
	noun: string;
	/** The object's documented path, e.g. '/v1/vouchers/{code}'. */
	endpoint: string;
	property: INodeProperties;
	/** The object's path for this item (checked IDs). */
	path(params: ParamReader): string;
	/** What disabling does, e.g. 'it fails validation and redemption until enabled'. */
	offEffect: string;
	simplify?: readonly string[];
}

/**
 * Enable and Disable: the same POST but for the last word of the path. Both are safe to repeat: a repeat leaves
 * the object in the state the first request put it in.
 */
export function enableDisable(spec: EnableDisableSpec): [enable: OperationDefinition, disable: OperationDefinition] {
	const make = (active: boolean): OperationDefinition => {
		const verb = active ? 'enable' : 'disable';
		return {
			value: verb,
			name: active ? 'Enable' : 'Disable',
			action: `${active ? 'Enable' : 'Disable'} a ${spec.noun}`,
			description: active ? `Turn a disabled ${spec.noun} back on` : `Turn a ${spec.noun} off: ${spec.offEffect}`,
			endpoint: `POST ${spec.endpoint}/${verb}`,
			safeToRepeat: true,
			...(spec.simplify ? { simplify: spec.simplify } : {}),
			properties: [spec.property],
			build: (params) => ({ method: 'POST', path: `${spec.path(params)}/${verb}` }),
		};
	};
	return [make(true), make(false)];
}
