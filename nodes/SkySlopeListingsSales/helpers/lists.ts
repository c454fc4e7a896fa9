import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';

import { p } from '../../shared';
import { loadReader } from './fields';
import { skySlopeRequest } from '../transport';

/** What the pickers read: one request each, through the node's transport. */
async function value(ctx: ILoadOptionsFunctions, path: string, qs?: IDataObject): Promise<IDataObject> {
	const envelope = await skySlopeRequest.call(ctx, { method: 'GET', path, qs });
	const v = envelope.value;
	return v && typeof v === 'object' && !Array.isArray(v) ? (v as IDataObject) : {};
}

const list = (v: IDataObject, key: string) => (Array.isArray(v[key]) ? (v[key] as IDataObject[]) : []);

export interface Choice {
	name: string;
	value: string | number;
	description?: string;
}

/** Users a file can be assigned to (auditors cannot). */
export async function agents(ctx: ILoadOptionsFunctions): Promise<Choice[]> {
	const users = list(await value(ctx, '/api/subscribers'), 'users');
	return users
		.filter((u) => u.userType !== 'Auditor')
		.map((u) => ({
			name: `${String(u.firstName ?? '')} ${String(u.lastName ?? '')}`.trim() || String(u.email ?? u.userGuid),
			value: String(u.userGuid),
			description: `${String(u.email ?? '')} (${String(u.userType ?? 'user')})`,
		}));
}

export async function offices(ctx: ILoadOptionsFunctions): Promise<Choice[]> {
	return list(await value(ctx, '/api/offices'), 'offices').map((o) => ({
		name: String(o.officeName ?? o.officeGuid),
		value: String(o.officeGuid),
	}));
}

export async function contacts(ctx: ILoadOptionsFunctions): Promise<Choice[]> {
	return list(await value(ctx, '/api/contacts'), 'contacts').map((c) => {
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
	const envelope = await skySlopeRequest.call(ctx, { method: 'GET', path, qs: { pageNumber: page } });
	const v = (envelope.value ?? {}) as IDataObject;
	const choices = list(v, `${kind}s`).map((f) => ({
		name: fileName(f),
		value: String(f[`${kind}Guid`]),
	}));
	const hasNext = (envelope.links ?? []).some((l) => l.rel?.toLowerCase() === 'next');
	return { choices, nextPage: hasNext ? page + 1 : undefined };
}

/**
 * The checklist types for a transaction type: of the office picked; else of the office of the
 * listing or sale picked; else of the only office (single-office brokers).
 */
export async function checklistTypes(
	ctx: ILoadOptionsFunctions,
	transactionType: 'Listing' | 'Sale',
	officeGuid: string | undefined,
	file: { kind: 'listing' | 'sale'; guid: string } | undefined,
): Promise<Choice[]> {
	let office = officeGuid;
	if (!office && file) {
		const v = await value(ctx, p`/api/files/${`${file.kind}s`}/${file.guid}`);
		const record = (v[file.kind] ?? v) as IDataObject;
		if (typeof record.officeGuid === 'string') office = record.officeGuid;
	}
	const path = office ? p`/api/offices/${office}/checklistTypes` : '/api/checklistTypes';
	return list(await value(ctx, path, { transactionType }), 'checklistTypes').map((t) => ({
		name: String(t.checklistTypeName ?? t.checklistTypeId),
		value: Number(t.checklistTypeId),
	}));
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The listing picked in the node, read whole; undefined until one is picked. */
async function pickedListing(ctx: ILoadOptionsFunctions): Promise<IDataObject | undefined> {
	const guid = loadReader(ctx).get('listingGuid');
	if (typeof guid !== 'string' || !GUID.test(guid.trim())) return undefined;
	const v = await value(ctx, p`/api/files/listings/${guid.trim()}`);
	return (v.listing as IDataObject | undefined) ?? v;
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
	return list(listing ?? {}, 'documents').map((d) => ({
		name: `${String(d.fileName ?? d.documentGuid)}${d.documentStatus ? ` (${String(d.documentStatus)})` : ''}`,
		value: String(d.documentGuid),
	}));
}
