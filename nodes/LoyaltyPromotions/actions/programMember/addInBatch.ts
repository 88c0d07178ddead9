import { sendBulk } from '../../shared/bulk';
import { waitSecondsProperty } from '../../shared/jobs';
import { maxCardsPerCallProperty } from '../../shared/limits';
import { path } from '../../transport/request';
import { readProgramId } from '../program/fields';
import { programLocator } from '../program/search';
import type { OperationDefinition } from '../types';
import { MEMBER_ENTRY_PROPERTIES, MEMBER_ENTRY_RECORD, readMemberEntry } from './add';

export const addInBatch: OperationDefinition = {
	value: 'addInBatch',
	name: 'Add in Batch',
	action: 'Add members to a program in batch',
	description:
		"Enrol the customers of all input items in one active program, 100 a request, waiting until the service has processed each. Entries the service refuses (unknown customer, already a member) are skipped and come out as failure items; the others join. The program is the first item's.",
	endpoint: 'POST /v2/loyalties/programs/{programId}/members/batch then GET /v1/async-actions/{asyncActionId}',
	repeatHint: 'A repeat skips the customers who already joined (409 member_already_exists in the report): nothing is duplicated.',
	properties: [programLocator, ...MEMBER_ENTRY_PROPERTIES, maxCardsPerCallProperty, waitSecondsProperty],
	record: MEMBER_ENTRY_RECORD,
	// each input item's customer is one member: on the tool form the number of items is bounded
	bounded: { customer: 'cards' },
	batch: {
		readRow: (params) => readMemberEntry(params),
		send: async (rows, params, client) =>
			await sendBulk(
				{ noun: 'member batch', path: path`/v2/loyalties/programs/${readProgramId(params)}/members/batch`, key: 'customer_id', safeToRepeat: false, failures: 'errors' },
				rows,
				params,
				client,
			),
	},
};
