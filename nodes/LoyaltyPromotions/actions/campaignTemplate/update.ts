import type { IDataObject } from 'n8n-workflow';
import { compact, updateFieldsProperty, updateNameProperty } from '../../shared/fields';
import { requireAnyField, requireScalarText, requireText } from '../../shared/validate';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { campaignTemplateLocator, readCampaignTemplateId, templateDescriptionOption } from './fields';

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a campaign template',
	description: "Rename a campaign template or change its description; its settings stay",
	endpoint: 'PUT /v1/templates/campaigns/{campaignTemplateId}',
	properties: [campaignTemplateLocator('The template'), updateFieldsProperty([templateDescriptionOption, { ...updateNameProperty('template'), description: "The template's new name, unique in the project" }])],
	build(params) {
		const fields = params.get<IDataObject>('updateFields', {});
		const body = compact({
			name: fields.name === undefined ? undefined : requireText(params, 'Name', fields.name),
			description: fields.description === undefined ? undefined : requireScalarText(params, 'Description', fields.description),
		});
		// The service changes only the fields sent, so a repeated PUT has the same effect.
		return { method: 'PUT', path: path`/v1/templates/campaigns/${readCampaignTemplateId(params)}`, body: requireAnyField(params, 'Update Fields', body) };
	},
};
