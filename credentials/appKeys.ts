import type { INodeProperties } from 'n8n-workflow';

/** The application key pair, shared by the App Keys and OAuth2 credentials (OAuth buys its token with it). */
export const appKeyProperties: INodeProperties[] = [
	{
		displayName: 'Application ID',
		name: 'appId',
		type: 'string',
		default: '',
		required: true,
		description: 'From Project Settings → Application Keys',
	},
	{
		displayName: 'Secret Key',
		name: 'appToken',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		required: true,
		description: 'The secret key paired with the application ID',
	},
];

/** The headers that carry the application key pair, as n8n expressions over the credential. */
export const appKeyHeaders = {
	'X-App-Id': '={{$credentials.appId}}',
	'X-App-Token': '={{$credentials.appToken}}',
};
