import type { INodeProperties } from 'n8n-workflow';
import { locatorProperty } from '../../shared/locator';
import { requirePattern } from '../../shared/validate';
import { ID_CURSOR_LIST } from '../loyaltyMember/fields';
import type { OperationDefinition, ParamReader } from '../types';

/** The bin's entries: by id cursor, up to 100 a page. */
export const BIN_LIST: OperationDefinition['list'] = ID_CURSOR_LIST;

/** What can be in the bin: value → label. */
export const BIN_RESOURCE_TYPES: Record<string, string> = { campaign: 'Campaign', product: 'Product', sku: 'SKU', voucher: 'Voucher' };

const BIN_ENTRY_ID = /^tbe_[A-Za-z0-9]+$/;

/** A bin entry, picked from the bin or given by ID. */
export function binEntryLocator(description: string): INodeProperties {
	return locatorProperty({ name: 'binEntryId', displayName: 'Bin Entry', description, noun: 'bin entry', searchListMethod: 'searchBinEntries', idPlaceholder: 'tbe_…' });
}

export function readBinEntryId(params: ParamReader): string {
	return requirePattern(params, 'Bin Entry', params.id('binEntryId', 'Bin Entry'), BIN_ENTRY_ID, 'tbe_0ec1cf03fe133e2de7');
}
