import type { RecordKind } from '../../shared';

/** The two kinds of file the service keeps. */
export type FileKind = 'listing' | 'sale';

/**
 * The kinds of record the listings-and-sales service answers with: the keys its payloads use
 * (spec 2.3, 2.4, 4.x and what public clients see), and the fields that tell a bare record from a
 * wrapper. Read with readRecord / readRecords, which also look inside the `value` envelope.
 */
export const LISTING: RecordKind = { name: 'listing', keys: ['listing', 'listings'], marks: ['listingGuid'] };
export const SALE: RecordKind = { name: 'sale', keys: ['sale', 'sales'], marks: ['saleGuid'] };
/** A single office is also read as `{ guid, name }` (a client of the live service reads it so). */
export const OFFICE: RecordKind = {
	name: 'office',
	keys: ['office', 'offices'],
	marks: ['officeGuid', 'guid'],
	aliases: { guid: 'officeGuid', name: 'officeName' },
};
export const CHECKLIST_TYPE: RecordKind = {
	name: 'checklist type',
	keys: ['checklistTypes', 'checklistType'],
	marks: ['checklistTypeId'],
};
export const CONTACT: RecordKind = { name: 'contact', keys: ['contacts', 'contact'], marks: ['contactGuid'] };
export const USER: RecordKind = { name: 'user', keys: ['users', 'user'], marks: ['userGuid'] };
export const SUBSCRIBERS: RecordKind = {
	name: 'subscribers record',
	keys: ['subscribers', 'subscriber'],
	marks: ['users', 'isMultiOffice', 'transactionTypes'],
};
export const REFERRING_AGENT: RecordKind = {
	name: 'referring agent',
	keys: ['referringAgent', 'referringAgents'],
	marks: ['referringAgentGuid', 'agentName'],
};
export const COMMISSION_LOG: RecordKind = {
	name: 'commission log entry',
	keys: ['commissionLogs', 'commissionLog'],
	marks: ['commissionLogGuid', 'loggedOn', 'note'],
};
export const DOCUMENT: RecordKind = { name: 'document', keys: ['documents', 'document'], marks: ['documentGuid'] };

export const kindOfFile = (kind: 'listing' | 'sale'): RecordKind => (kind === 'listing' ? LISTING : SALE);
