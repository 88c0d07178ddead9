import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty } from '../../shared/fields';
import { locatorProperty } from '../../shared/locator';
import { readRewardId, rewardLocator } from '../reward/fields';
import { fail, parseJsonObject, requireIntegerInRange } from '../../shared/validate';
import { path } from '../../transport/request';
import type { OperationDefinition, ParamReader } from '../types';

/** The service takes a points cost of at least 1. */
const MIN_POINTS = 1;

/** parameters.loyalty as Parameters (JSON) may have replaced it: an object whose points, when given, are at least 1. */
function checkLoyalty(params: ParamReader, loyalty: unknown): void {
	if (loyalty === null || typeof loyalty !== 'object' || Array.isArray(loyalty)) fail(params, 'Parameters (JSON)', 'loyalty must be an object, e.g. {"loyalty": {"points": 100}}');
	const { points } = loyalty as IDataObject;
	if (points !== undefined && (typeof points !== 'number' || !Number.isInteger(points) || points < MIN_POINTS)) {
		fail(params, 'Parameters (JSON)', `loyalty.points must be a whole number of at least ${MIN_POINTS} (got ${JSON.stringify(points)})`);
	}
}

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a reward assignment',
	description: 'Offer a reward in a campaign at a points cost',
	endpoint: 'POST /v1/rewards/{rewardId}/assignments',
	properties: [
		rewardLocator('The reward to assign, picked from the list or given by ID'),
		locatorProperty({
			name: 'campaign',
			displayName: 'Campaign',
			description: 'The loyalty campaign to offer the reward in, picked from the list or given by ID',
			noun: 'campaign',
			searchListMethod: 'searchLoyaltyCampaigns',
			idPlaceholder: 'camp_...',
		}),
		{
			displayName: 'Points',
			name: 'points',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 1,
			required: true,
			description: 'What the reward costs, in loyalty points (a whole number, 1 or more); sent as parameters.loyalty.points',
		},
		additionalFieldsProperty([
				{
					displayName: 'Parameters (JSON)',
					name: 'parametersJson',
					type: 'json',
					default: '{}',
					placeholder: '{ "loyalty": { "points": 100 } }',
					description: 'The whole parameters object as JSON; its top-level keys replace those built from Points',
				},
			]),
	],
	build(params) {
		const rewardId = readRewardId(params);
		const campaign = params.id('campaign', 'Campaign');
		const points = requireIntegerInRange(params, 'Points', params.get('points'), MIN_POINTS);
		const additionalFields = params.get<IDataObject>('additionalFields', {});
		const override =
			additionalFields.parametersJson === undefined
				? {}
				: parseJsonObject(params, 'Parameters (JSON)', additionalFields.parametersJson);
		const parameters: IDataObject = { loyalty: { points }, ...override };
		checkLoyalty(params, parameters.loyalty);
		return {
			method: 'POST',
			path: path`/v1/rewards/${rewardId}/assignments`,
			body: { campaign, parameters },
		};
	},
};
