import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { customerLocator, customerRef } from '../../shared/customerRef';
import { additionalFieldsProperty, compact, enumOptions, filtersProperty, jsonObjectProperty, readFilterQuery, readJsonOption, sortOrderFilter, sortOrderValues, type FilterKind } from '../../shared/fields';
import { createdConditions } from '../../shared/listFilters';
import { locatorProperty } from '../../shared/locator';
import { inCollection } from '../../shared/mapping';
import { path } from '../../transport/request';
import { campaignLocator } from '../campaign/fields';
import { CUSTOMER_BODY_OPTIONS, CUSTOMER_RECORD, readCustomerBody } from '../customer/fields';
import type { ItemOperation, OperationDefinition, ParamReader } from '../types';

/**
 * The three holder operations (Get Many, Add, Remove), each in the service's two forms: with the referral
 * campaign in the path (`…InCampaign`) and without it. Each operation file is one call of a builder here.
 */

/** The holders list: by id cursor, 100 a page. */
export const HOLDER_LIST: NonNullable<ItemOperation['list']> = { envelope: 'idCursor', pageSizeParam: 'limit', cursorParam: 'starting_after_id', maxPageSize: 100 };

const codeLocator = locatorProperty({
	name: 'memberId',
	displayName: 'Referral Code',
	description: "The referrer's referral code, picked from the referral codes (of the campaign chosen, if any) or given by code or ID",
	noun: 'referral code',
	searchListMethod: 'searchReferralCodes',
	idPlaceholder: 'e.g. REF-ALICE or v_…',
});

const holderLocator = (description: string) =>
	locatorProperty({ name: 'holderId', displayName: 'Holder', description, noun: 'holder', searchListMethod: 'searchReferralHolders', idPlaceholder: 'rh_…' });

/** The path of the code's holders, with or without its campaign. */
function holdersPath(params: ParamReader, scoped: boolean): string {
	const code = params.id('memberId', 'Referral Code');
	return scoped ? `${path`/v1/referrals/${params.id('campaignId', 'Campaign')}/members/${code}`}/holders` : `${path`/v1/referrals/members/${code}`}/holders`;
}

const ENDPOINT = (scoped: boolean) => (scoped ? '/v1/referrals/{campaignId}/members/{memberId}/holders' : '/v1/referrals/members/{memberId}/holders');
const IN_CAMPAIGN = ' in Campaign';

/** The leading fields: the campaign (scoped forms) and the referral code. */
function codeProperties(scoped: boolean): INodeProperties[] {
	return scoped ? [campaignLocator('campaignId', 'The referral campaign of the code'), codeLocator] : [codeLocator];
}

const ROLES: Record<string, string> = { REFEREE: 'Referee', REFERRER: 'Referrer' };
const ORDERS: Array<[label: string, field: string]> = [['ID', 'id']];
const CREATED = createdConditions('holders added');
const QUERY: Record<string, [param: string, label: string, kind: FilterKind]> = {
	customerId: ['filters[customer_id][conditions][$is]', 'Customer ID', 'text'],
	role: ['filters[holder_role][conditions][$is]', 'Role', Object.keys(ROLES)],
	...CREATED.query,
	order: ['order', 'Order', sortOrderValues(ORDERS)],
};

export function getManyOperation(scoped: boolean): OperationDefinition {
	return {
		value: scoped ? 'getAllInCampaign' : 'getAll',
		name: `Get Many${scoped ? IN_CAMPAIGN : ''}`,
		action: `Get many referral holders${scoped ? ' in a campaign' : ''}`,
		description: "List a referral code's holders: its referrer and the referees added to it",
		endpoint: `GET ${ENDPOINT(scoped)}`,
		properties: [
			...codeProperties(scoped),
			filtersProperty([
				...CREATED.options,
				{ displayName: 'Customer ID', name: 'customerId', type: 'string', default: '', placeholder: 'cust_…', description: 'Only the holder who is this customer' },
				sortOrderFilter(ORDERS, 'id', 'How to sort the holders'),
				{ displayName: 'Role', name: 'role', type: 'options', options: enumOptions(ROLES), default: 'REFEREE', description: 'Only referees, or only the referrer' },
			]),
		],
		list: HOLDER_LIST,
		build: (params) => ({ method: 'GET', path: holdersPath(params, scoped), query: readFilterQuery(params, params.get<IDataObject>('filters', {}), QUERY) }),
	};
}

const HOLDER_METADATA_SHAPE = { influencer_code: true };

export function addOperation(scoped: boolean): OperationDefinition {
	return {
		value: scoped ? 'addInCampaign' : 'add',
		name: `Add${scoped ? IN_CAMPAIGN : ''}`,
		action: `Add a referral holder${scoped ? ' in a campaign' : ''}`,
		description: 'Add a customer to a referral code as a referee; the customer is created or updated with the fields given',
		endpoint: `POST ${ENDPOINT(scoped)}`,
		properties: [
			...codeProperties(scoped),
			customerLocator('customer', 'The referee: picked from the list, or given by ID or by your source ID (a new source ID creates the customer)'),
			{ ...additionalFieldsProperty(CUSTOMER_BODY_OPTIONS), displayName: 'Customer Fields', name: 'customerFields' },
			additionalFieldsProperty([jsonObjectProperty('holderMetadata', 'Holder Metadata (JSON)', "The holder's own metadata (not the customer's).", HOLDER_METADATA_SHAPE)]),
		],
		record: { customer: 'customer', ...inCollection('customerFields', CUSTOMER_RECORD) },
		repeatHint: 'A repeat after a lost answer is refused with a 409 when the customer was added.',
		build(params) {
			const holder = { ...customerRef(params, 'Customer', params.get('customer')), ...readCustomerBody(params, params.get<IDataObject>('customerFields', {})) };
			const metadata = readJsonOption(params, params.get<IDataObject>('additionalFields', {}), 'holderMetadata', 'Holder Metadata (JSON)');
			return { method: 'POST', path: holdersPath(params, scoped), body: compact({ holders: [holder], metadata }) };
		},
		// The service answers { holders: [the one added] }.
		output: (response) => ((response.holders as IDataObject[] | undefined) ?? [response]).slice(0, 1),
	};
}

export function removeOperation(scoped: boolean): OperationDefinition {
	const holderId = (params: ParamReader) => params.id('holderId', 'Holder');
	return {
		value: scoped ? 'removeInCampaign' : 'remove',
		name: `Remove${scoped ? IN_CAMPAIGN : ''}`,
		action: `Remove a referral holder${scoped ? ' in a campaign' : ''}`,
		description: 'Remove a referee from a referral code (the referrer cannot be removed); the customer stays',
		endpoint: `DELETE ${ENDPOINT(scoped)}/{holderId}`,
		properties: [...codeProperties(scoped), holderLocator('The referee')],
		build: (params) => ({ method: 'DELETE', path: `${holdersPath(params, scoped)}${path`/${holderId(params)}`}` }),
		// The service answers 204 with no body.
		output: (_response, params) => [{ deleted: true, id: holderId(params) }],
	};
}
