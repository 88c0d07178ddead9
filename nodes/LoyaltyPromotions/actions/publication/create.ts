import type { IDataObject } from 'n8n-workflow';
import { budgetProperties } from '../../shared/budgets';
import { maxCardsPerCallProperty } from '../../shared/limits';
import { checkVoucherBudgets, settleVoucherBudgets } from '../../shared/publicationBudgets';
import type { OperationDefinition } from '../types';
import { publicationProperties, readPublication } from './fields';

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a publication',
	description: 'Give a customer a voucher: the next one of a campaign, or a specific code',
	endpoint: 'POST /v1/publications',
	repeatHint: 'With Join Once on, or a Source ID, it is safe to repeat (the service returns the same voucher).',
	properties: [...publicationProperties(true), maxCardsPerCallProperty, ...budgetProperties(['customerVouchers', 'totalVouchers'])],
	bounded: { 'additionalFields.count': 'cards' },
	budgeted: ['customerVouchers', 'totalVouchers'],
	build: async (params) => {
		const { body, joinOnce, safeToRepeat } = readPublication(params);
		await checkVoucherBudgets(params, body.customer as IDataObject | undefined, Number((body.campaign as IDataObject | undefined)?.count ?? 1));
		const query: IDataObject = joinOnce ? { join_once: true } : {};
		return { method: 'POST', path: '/v1/publications', query, body, safeToRepeat };
	},
	// after the publication: past a budget in the service's order (calls at the same moment), its vouchers are disabled at once
	follow: async (response, params) => {
		await settleVoucherBudgets(params, readPublication(params).body.customer as IDataObject | undefined, response);
		return [{ json: response }];
	},
};
