import type { RecordKind } from '../../shared/records';

/**
 * The kinds of record the Offers service answers with (spec 2.1-2.5): the keys a wrapper may hold
 * them under, and the fields that tell a bare record from a wrapper. Every operation may also
 * answer 204, which means "nothing" (emptyMeansNone).
 */
export const OFFER: RecordKind = { name: 'offer', keys: ['offer', 'offers'], marks: ['OfferId'] };
export const AGENT_LISTING: RecordKind = {
	name: 'listing with offers',
	keys: ['listings', 'listing'],
	marks: ['fileId', 'listingName'],
};
export const REPORT: RecordKind = {
	name: 'offers report',
	keys: ['report', 'reports'],
	marks: ['offerCount', 'listingCount', 'mlsMarket'],
};
