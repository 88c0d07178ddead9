import type { IDataObject } from 'n8n-workflow';
import { jsonBodyProperties, METADATA_PRECEDENCE, metadataJsonProperty, metadataProperty, readUpdateBody, updateFieldsProperty, updateNameProperty } from '../../shared/fields';
import { fail, requireDateTime, requireProgramId } from '../../shared/validate';
import type { OperationDefinition, ParamReader } from '../types';
import { path } from '../../transport/request';
import { programLocator } from './search';
import { VALIDITY_HOURS } from './fields';

/** A date of Update Fields: its value, null when its Clear switch is on, undefined when neither is set. */
function readDate(params: ParamReader, fields: IDataObject, name: string, label: string): string | null | undefined {
	const clearName = `clear${name[0].toUpperCase()}${name.slice(1)}`;
	const clear = fields[clearName] === true;
	const value = fields[name];
	const set = value !== undefined && value !== null && value !== '';
	if (clear && set) fail(params, label, `set it or turn on Clear ${label}, not both`);
	if (clear) return null;
	return set ? requireDateTime(params, label, value) : undefined;
}

const MERGED = "Merged into the program's existing metadata by the service: keys not given here are kept.";

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a program',
	description: "Change a loyalty program's name, dates, validity hours or metadata. Dates can change only while the program is DRAFT.",
	endpoint: 'PUT /v2/loyalties/programs/{id}',
	properties: [
		programLocator,
		updateFieldsProperty([
			updateNameProperty('program'),
			{ displayName: 'Start Date', name: 'startDate', type: 'dateTime', default: '', description: 'When the program starts (only while it is DRAFT)' },
			{ displayName: 'End Date', name: 'endDate', type: 'dateTime', default: '', description: 'When the program ends (only while it is DRAFT)' },
			{
				displayName: 'Clear Start Date',
				name: 'clearStartDate',
				type: 'boolean',
				default: true,
				description: 'Whether to remove the start date (sends null; only while the program is DRAFT)',
			},
			{
				displayName: 'Clear End Date',
				name: 'clearEndDate',
				type: 'boolean',
				default: true,
				description: 'Whether to remove the end date (sends null; only while the program is DRAFT)',
			},
			...jsonBodyProperties([VALIDITY_HOURS]),
			{ ...metadataProperty, description: `Custom text values. ${MERGED} ${METADATA_PRECEDENCE.pairs}.` },
			{ ...metadataJsonProperty, description: `Custom metadata for numbers, booleans and nested values. ${MERGED} ${METADATA_PRECEDENCE.json}.` },
		]),
	],
	build: (params) => {
		const id = requireProgramId(params, 'Program', params.get('programId', ''));
		const fields = params.get<IDataObject>('updateFields', {});
		const startDate = readDate(params, fields, 'startDate', 'Start Date');
		const endDate = readDate(params, fields, 'endDate', 'End Date');
		if (startDate && endDate && Date.parse(endDate) < Date.parse(startDate)) fail(params, 'End Date', 'must not be before Start Date');
		const body = readUpdateBody(params, fields, [VALIDITY_HOURS], { start_date: startDate, end_date: endDate });
		return { method: 'PUT', path: path`/v2/loyalties/programs/${id}`, body };
	},
};
