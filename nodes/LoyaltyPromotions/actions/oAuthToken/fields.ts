import type { INodeProperties } from 'n8n-workflow';
import { requireText } from '../../shared/validate';
import type { ParamReader } from '../types';

/** The token an operation acts on: a password field, so the editor never shows it. */
export function accessTokenProperty(description: string): INodeProperties {
	return { displayName: 'Access Token', name: 'accessToken', type: 'string', typeOptions: { password: true }, default: '', required: true, description };
}

export function readAccessToken(params: ParamReader): string {
	return requireText(params, 'Access Token', params.get('accessToken', '')).trim();
}
