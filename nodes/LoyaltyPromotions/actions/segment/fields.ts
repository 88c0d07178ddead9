import type { INodeProperties } from 'n8n-workflow';
import { locatorProperty } from '../../shared/locator';
import type { ListSpec } from '../../transport/paginate';
import type { ParamReader } from '../types';

/** What the segment operations share. */

/**
 * The list of segments: no page parameter, the next page asked for by the last segment's creation date with
 * `end_date` (newest first) or `start_date` (oldest first), the paging parameters the changelog of 21 May 2026
 * announces; the entries under `segments` although the answer's `data_ref` says `data`.
 */
export const SEGMENT_LIST: ListSpec = {
	envelope: 'dateCursor',
	pageSizeParam: 'limit',
	maxPageSize: 100,
	entriesKey: 'segments',
	dateCursor: {
		field: 'created_at',
		before: 'end_date',
		after: 'start_date',
		orderParam: 'order',
	},
};

/** The segment types: value → label. */
export const SEGMENT_TYPES: Record<string, string> = {
	'auto-update': 'Active (Auto-Update)',
	passive: 'Passive',
	static: 'Static',
};

/** A customer segment, picked from the project's segments or given by ID. */
export function segmentLocator(description: string): INodeProperties {
	return locatorProperty({ name: 'segmentId', displayName: 'Segment', description, noun: 'segment', searchListMethod: 'searchSegments', idPlaceholder: 'seg_…' });
}

export function readSegmentId(params: ParamReader): string {
	return params.id('segmentId', 'Segment');
}
