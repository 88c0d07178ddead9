import type { INodeProperties } from 'n8n-workflow';

/**
 * A resource locator: pick the resource From List (a searchable list the node loads from the service), type it
 * By ID, or paste its dashboard address By URL. Operations read it with params.id(name, displayName), which
 * takes the value out of whichever mode was used and checks it as one path segment.
 */
export interface LocatorOptions {
	name: string;
	displayName: string;
	description: string;
	/** The listSearch method behind From List (see actions/<resource>/search.ts); none: By ID only. */
	searchListMethod?: string;
	/** What the resource is called in the list's placeholder, e.g. 'campaign' → "Select a campaign…". */
	noun: string;
	idPlaceholder?: string;
	/** By URL: an example address and a regex whose one group is the ID. */
	url?: { placeholder: string; regex: string };
	required?: boolean;
}

export function locatorProperty(options: LocatorOptions): INodeProperties {
	const article = /^[aeiou]/i.test(options.noun) ? 'an' : 'a';
	const urlRegex = options.url?.regex ?? '';
	const property: INodeProperties = {
		displayName: options.displayName,
		name: options.name,
		type: 'resourceLocator',
		default: { mode: options.searchListMethod ? 'list' : 'id', value: '' },
		required: options.required ?? true,
		description: options.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select ${article} ${options.noun}...`,
				typeOptions: { searchListMethod: options.searchListMethod ?? '', searchable: true },
			},
			{ displayName: 'By ID', name: 'id', type: 'string', placeholder: options.idPlaceholder ?? '' },
			{
				displayName: 'By URL',
				name: 'url',
				type: 'string',
				placeholder: options.url?.placeholder ?? '',
				extractValue: { type: 'regex', regex: urlRegex },
				validation: [{ type: 'regex', properties: { regex: urlRegex, errorMessage: `Not a valid ${options.noun} URL` } }],
			},
		],
	};
	// Only the modes this resource has: From List needs a search method, By URL a dashboard address.
	property.modes = property.modes!.filter(
		(mode) => (mode.name !== 'list' || options.searchListMethod) && (mode.name !== 'url' || options.url),
	);
	return property;
}
