import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { compact, isSet, metadataJsonProperty, metadataProperty, type JsonBodyField } from '../../shared/fields';
import { pagedList } from '../../shared/listFilters';
import { locatorProperty } from '../../shared/locator';
import { requireIntegerInRange, requireScalarText } from '../../shared/validate';
import { readImageUrl } from '../product/fields';
import type { ParamReader } from '../types';

/** What the reward and reward assignment operations share. */

/** The paged lists of rewards and of a reward's assignments: page numbers up to 100. */
export const REWARD_LIST = pagedList(100);

/** The reward types: value → label. */
export const REWARD_TYPES: Record<string, string> = {
	CAMPAIGN: 'Digital (Campaign)',
	COIN: 'Pay With Points',
	MATERIAL: 'Material (Product)',
};

/** A reward, picked from the project's rewards or given by ID. */
export function rewardLocator(description: string): INodeProperties {
	return locatorProperty({ name: 'rewardId', displayName: 'Reward', description, noun: 'reward', searchListMethod: 'searchRewards', idPlaceholder: 'rew_...' });
}

export function readRewardId(params: ParamReader): string {
	return params.id('rewardId', 'Reward');
}

const PARAMETERS_SHAPE = { campaign: { id: 'camp_…', balance: 1000 } };

/** The reward fields a create (Additional Fields) and an update (Update Fields) share. */
export const REWARD_OPTIONS: INodeProperties[] = [
	{ displayName: 'Description', name: 'description', type: 'string', default: '', description: "The reward's description (attributes.description)" },
	{ displayName: 'Image URL', name: 'imageUrl', type: 'string', default: '', placeholder: 'https://example.com/reward.png', description: "An HTTPS address of the reward's image (attributes.image_url)" },
	metadataProperty,
	metadataJsonProperty,
	{
		displayName: 'Stock',
		name: 'stock',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 0 },
		default: 0,
		description: 'Material rewards: how many units can be given out',
	},
];

/** Update Fields only: the type's settings as JSON (the reward keeps its type). */
export const PARAMETERS_FIELD: JsonBodyField = {
	name: 'parametersJson',
	key: 'parameters',
	displayName: 'Parameters (JSON)',
	description:
		"The type's settings: campaign (digital; balance in points, or gift credit in hundredths), product (material, with sku_id) or coin (pay with points: exchange_ratio, points_ratio).",
	shape: PARAMETERS_SHAPE,
};

/** The body fields of REWARD_OPTIONS; what is left empty is left out. */
export function readRewardOptions(params: ParamReader, fields: IDataObject): IDataObject {
	const attributes = compact({
		description: isSet(fields.description) ? requireScalarText(params, 'Description', fields.description) : undefined,
		image_url: isSet(fields.imageUrl) ? readImageUrl(params, fields.imageUrl) : undefined,
	});
	return compact({
		attributes: Object.keys(attributes).length > 0 ? attributes : undefined,
		stock: fields.stock === undefined ? undefined : requireIntegerInRange(params, 'Stock', fields.stock, 0),
	});
}
