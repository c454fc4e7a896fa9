import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';

import { p, readRecords } from '../../shared';
import { loadReader } from './fields';
import { CHECKLIST_TYPE, CONTACT, DOCUMENT, LISTING, OFFICE, SUBSCRIBERS, USER, kindOfFile } from './kinds';
import { fileKey, walkStep, type FilePage, type FileWalk } from './fileWalk';
import { getRecord, getRecords } from './reads';

/* What the pickers read: one request each, through the node's transport and the shared readers. */

export interface Choice {
	name: string;
	value: string | number;
	description?: string;
}

/** Users a file can be assigned to (auditors cannot). */
export async function agents(ctx: ILoadOptionsFunctions): Promise<Choice[]> {
	const operation = 'Load agents';
	const subscribers = await getRecord(ctx, '/api/subscribers', { kind: SUBSCRIBERS, operation });
	const users = readRecords(ctx, subscribers, { ...USER, operation });
	return users
		.filter((u) => u.userType !== 'Auditor')
		.map((u) => ({
			name: `${String(u.firstName ?? '')} ${String(u.lastName ?? '')}`.trim() || String(u.email ?? u.userGuid),
			value: String(u.userGuid),
			description: `${String(u.email ?? '')} (${String(u.userType ?? 'user')})`,
		}));
}

export async function offices(ctx: ILoadOptionsFunctions): Promise<Choice[]> {
	const { records } = await getRecords(ctx, '/api/offices', { kind: OFFICE, operation: 'Load offices' });
	return records.map((o) => ({
		name: String(o.officeName ?? o.officeGuid),
		value: String(o.officeGuid),
	}));
}

export async function contacts(ctx: ILoadOptionsFunctions): Promise<Choice[]> {
	const { records } = await getRecords(ctx, '/api/contacts', { kind: CONTACT, operation: 'Load contacts' });
	return records.map((c) => {
		const person = `${String(c.firstName ?? '')} ${String(c.lastName ?? '')}`.trim();
		return {
			name: person || String(c.company ?? c.email ?? c.contactGuid),
			value: String(c.contactGuid),
			description: [c.company, c.email].filter(Boolean).map(String).join(', '),
		};
	});
}

function fileName(file: IDataObject): string {
	const property = (file.property ?? {}) as IDataObject;
	const street = [property.streetNumber, property.streetAddress ?? property.streetName].filter(Boolean).join(' ');
	const place = [street, property.city].filter(Boolean).join(', ');
	const ref = file.mlsNumber ?? file.fileId;
	return [place || 'No address', ref ? `#${String(ref)}` : '', file.status ? `(${String(file.status)})` : '']
		.filter(Boolean)
		.join(' ');
}

/** Where a picker's walk stands, as n8n carries it from one call to the next. */
function walkOfToken(token: string | undefined): FileWalk {
	const page = Number(token);
	// A page number: the first page, or a token of an earlier version of the node.
	if (!token || (Number.isSafeInteger(page) && page > 0)) return { ranges: [{}], page: page > 0 ? page : 1 };
	try {
		const walk = JSON.parse(token) as FileWalk;
		if (Array.isArray(walk.ranges) && walk.ranges.length > 0 && Number.isSafeInteger(walk.page)) return walk;
	} catch {
		// Not a walk: start from the top.
	}
	return { ranges: [{}], page: 1 };
}

/** A walk as a token: a page number while it reads the first pages of the whole list, else JSON. */
const tokenOfWalk = (walk: FileWalk): string =>
	walk.page === 1 && walk.ranges.length === 1 && Object.keys(walk.ranges[0]).length === 0 ? '1' : JSON.stringify(walk);

/**
 * One page (10) of listings or sales, and the token of the next one when there is one. The picker
 * walks the list as Get Many does, so a list past the service's 10,000 reads on. It asks for a
 * range's page 1000 before the range's second page, and carries the keys it gave last (`shown`), so
 * that the first page of a split range's newer half, or a record met twice on the boundary second
 * of two ranges, is not given again.
 */
export async function filesPage(
	ctx: ILoadOptionsFunctions,
	kind: 'listing' | 'sale',
	token: string | undefined,
): Promise<{ choices: Choice[]; nextToken?: string }> {
	let walk: FileWalk | undefined = walkOfToken(token);
	const shown = new Set(walk.shown ?? []);
	const records: IDataObject[] = [];
	const options = { kind, filters: {}, operation: `Search ${kind}s`, limit: Number.POSITIVE_INFINITY, probeAfterPages: 1 };
	// A step that only learnt that a range is split brings no records: read on to a page that does.
	while (walk && records.length === 0) {
		const page: FilePage = await walkStep(ctx, { ...walk, shown: undefined }, options);
		records.push(...page.records.filter((r) => !shown.has(fileKey(kind, r) ?? '')));
		walk = page.next;
	}
	const keys = records.map((r) => fileKey(kind, r)).filter((k): k is string => !!k);
	const choices = records.map((f) => ({ name: fileName(f), value: String(f[`${kind}Guid`]) }));
	return { choices, nextToken: walk ? tokenOfWalk({ ...walk, shown: keys }) : undefined };
}

/**
 * The checklist types for a transaction type: of the office picked; else of the office of the
 * listing or sale picked; else of the only office the user sees. With several offices and none
 * picked yet there is nothing to list (the service refuses to choose an office): the list stays
 * empty until an office is picked, and the field's description says so.
 */
export async function checklistTypes(
	ctx: ILoadOptionsFunctions,
	transactionType: 'Listing' | 'Sale',
	officeGuid: string | undefined,
	file: { kind: 'listing' | 'sale'; guid: string } | undefined,
): Promise<Choice[]> {
	let office = officeGuid;
	if (!office && file) {
		const record = await getRecord(ctx, p`/api/files/${`${file.kind}s`}/${file.guid}`, {
			kind: kindOfFile(file.kind),
			operation: `Load checklist types of the ${file.kind}`,
		});
		if (typeof record.officeGuid === 'string') office = record.officeGuid;
	}
	if (!office) {
		const visible = await offices(ctx);
		if (visible.length !== 1) return [];
		office = String(visible[0].value);
	}
	const { records } = await getRecords(ctx, p`/api/offices/${office}/checklistTypes`, {
		kind: CHECKLIST_TYPE,
		operation: 'Load checklist types',
		qs: { transactionType },
	});
	return records.map((t) => ({
		name: String(t.checklistTypeName ?? t.checklistTypeId),
		value: Number(t.checklistTypeId),
	}));
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The listing picked in the node, read whole; undefined until one is picked. */
async function pickedListing(ctx: ILoadOptionsFunctions): Promise<IDataObject | undefined> {
	const guid = loadReader(ctx).get('listingGuid');
	if (typeof guid !== 'string' || !GUID.test(guid.trim())) return undefined;
	return await getRecord(ctx, p`/api/files/listings/${guid.trim()}`, { kind: LISTING, operation: 'Load the listing picked' });
}

const personName = (c: IDataObject) =>
	`${String(c.firstName ?? '')} ${String(c.lastName ?? '')}`.trim() || String(c.company ?? c.email ?? c.contactGuid);

/** The contacts of the picked listing: sellers, the home warranty contact, the miscellaneous one. */
export async function listingContacts(ctx: ILoadOptionsFunctions): Promise<Choice[]> {
	const listing = await pickedListing(ctx);
	if (!listing) return [];
	const roles: Array<[string, unknown]> = [
		...((Array.isArray(listing.sellers) ? listing.sellers : []) as unknown[]).map((c): [string, unknown] => ['seller', c]),
		['home warranty', listing.homeWarrantyContact],
		['miscellaneous', listing.miscContact],
	];
	return roles
		.filter((entry): entry is [string, IDataObject] => !!entry[1] && typeof entry[1] === 'object')
		.filter(([, c]) => typeof c.contactGuid === 'string')
		.map(([role, c]) => ({ name: `${personName(c)} (${role})`, value: String(c.contactGuid) }));
}

/** The documents of the picked listing. */
export async function listingDocuments(ctx: ILoadOptionsFunctions): Promise<Choice[]> {
	const listing = await pickedListing(ctx);
	// A listing without documents may leave the list out; one with a `documents` field must hold a list.
	const documents =
		!listing || listing.documents === undefined || listing.documents === null
			? []
			: readRecords(ctx, listing.documents, { ...DOCUMENT, operation: 'Load documents of the listing' });
	return documents.map((d) => ({
		name: `${String(d.fileName ?? d.documentGuid)}${d.documentStatus ? ` (${String(d.documentStatus)})` : ''}`,
		value: String(d.documentGuid),
	}));
}
