import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';

import { p, readRecords } from '../../shared';
import { loadReader } from './fields';
import { CHECKLIST_TYPE, CONTACT, DOCUMENT, LISTING, OFFICE, SUBSCRIBERS, USER, kindOfFile } from './kinds';
import { FILE_LIST_END, FILE_PAGE_SIZE } from './fileList';
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

/** One page (10) of listings or sales, and the next page number when there is one. */
export async function filesPage(
	ctx: ILoadOptionsFunctions,
	kind: 'listing' | 'sale',
	page: number,
): Promise<{ choices: Choice[]; nextPage?: number }> {
	const path = kind === 'listing' ? '/api/files/listings' : '/api/files/sales';
	// A later page is asked for only after a page that offered it, as the live service does after a
	// full page: its 422 there ends the list.
	const { records, envelope } = await getRecords(ctx, path, {
		kind: kindOfFile(kind),
		operation: `Search ${kind}s`,
		qs: { pageNumber: page },
		end: FILE_LIST_END,
		previousCount: page > 1 ? FILE_PAGE_SIZE : undefined,
	});
	const choices = records.map((f) => ({
		name: fileName(f),
		value: String(f[`${kind}Guid`]),
	}));
	// Without links (an answer without its envelope), a full page is taken to have a next one.
	const hasNext = envelope.links
		? envelope.links.some((l) => l.rel?.toLowerCase() === 'next')
		: records.length >= FILE_PAGE_SIZE;
	return { choices, nextPage: hasNext ? page + 1 : undefined };
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
