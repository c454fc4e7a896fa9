// What listings and sales share: paging, people checks, applying validated form data to a file.
import type { SandboxRequest } from '../core/router';
import { nameOf, PROPERTY_TYPES, SOURCES } from './catalog';
import { GUID_RE, link, type Link, queryValue, unprocessable } from './http';
import type { Store } from './store';
import type { Contact, Dto, User } from './types';

export const PAGE_SIZE = 10;

function intQuery(req: SandboxRequest, name: string, min: number): number | undefined {
	const raw = queryValue(req, name);
	if (raw === undefined || raw === '') return undefined;
	if (!/^-?\d+$/.test(raw) || Number(raw) < min) throw unprocessable([`${name}: '${raw}' is not a valid integer`]);
	return Number(raw);
}

function guidQuery(req: SandboxRequest, name: string): string | undefined {
	const raw = queryValue(req, name);
	if (raw === undefined || raw === '') return undefined;
	if (!GUID_RE.test(raw)) throw unprocessable([`${name}: '${raw}' is not a guid`]);
	return raw.toLowerCase();
}

const orders = new Map<string, { files: Dto[]; created: unknown[]; sorted: Array<{ d: Dto; t: number }> }>();

/**
 * The files newest first, with their creation times as numbers; the sort is stable, so files created
 * in the same millisecond keep the store's order. A walk of a list past the page limit asks for a
 * thousand pages of the same files: the last order is kept while the same files, created at the
 * same times, are asked for again (sorting 20,000 files a page was most of a unit run's time).
 */
function newestFirst(key: string, files: Dto[]): Array<{ d: Dto; t: number }> {
	const last = orders.get(key);
	if (last && last.files.length === files.length && files.every((d, i) => d === last.files[i] && d.createdOn === last.created[i])) return last.sorted;
	const sorted = files.map((d) => ({ d, t: Date.parse(d.createdOn as string) })).sort((a, b) => b.t - a.t);
	orders.set(key, { files, created: files.map((d) => d.createdOn), sorted });
	return sorted;
}

/**
 * The list operations (listings 4.6, and sales as public clients use them): filters agentGuid,
 * createdByGuid, earliestDate/latestDate (unix seconds, on createdOn, inclusive), 10 a page,
 * newest first (ties in the store's order), `next` (and `previous`) links carrying PageNumber and the same filters.
 */
export function listPage(req: SandboxRequest, path: string, all: Dto[], key: 'listings' | 'sales') {
	const agentGuid = guidQuery(req, 'agentGuid');
	const createdByGuid = guidQuery(req, 'createdByGuid');
	const earliest = intQuery(req, 'earliestDate', 0);
	const latest = intQuery(req, 'latestDate', 0);
	const page = intQuery(req, 'pageNumber', 1) ?? 1;
	const matching = newestFirst(key, all)
		.filter(({ d, t }) => (!agentGuid || d.agentGuid === agentGuid) && (!createdByGuid || d.createdByGuid === createdByGuid) && (earliest === undefined || t >= earliest * 1000) && (latest === undefined || t <= latest * 1000))
		.map(({ d }) => d);
	const items = matching.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
	const filters = { agentGuid, createdByGuid, earliestDate: earliest, latestDate: latest };
	const links: Link[] = [link(req, 'self', 'GET', path, { ...filters, PageNumber: page })];
	if (page * PAGE_SIZE < matching.length) links.push(link(req, 'next', 'GET', path, { ...filters, PageNumber: page + 1 }));
	if (page > 1) links.push(link(req, 'previous', 'GET', path, { ...filters, PageNumber: page - 1 }));
	return { value: { [key]: items, pageNumber: page, pageSize: PAGE_SIZE, totalCount: matching.length }, links };
}

/** A user a file can be assigned to (422 otherwise: the guid comes from the body). */
export function agentFor(store: Store, guid: string, field: string): User {
	const u = store.user(guid);
	if (!u || u.userType === 'Auditor') throw unprocessable([`${field}: '${guid}' is not an agent of this brokerage`]);
	return u;
}

export function checkCoAgents(store: Store, primary: string, guids: string[]): string[] {
	const lower = guids.map((g) => g.toLowerCase());
	if (lower.length > 5) throw unprocessable(['coAgentGuids: at most 5 co-agents']);
	if (new Set(lower).size !== lower.length) throw unprocessable(['coAgentGuids: duplicate co-agent']);
	if (lower.includes(primary)) throw unprocessable(['coAgentGuids: the primary agent cannot be a co-agent']);
	lower.forEach((g) => agentFor(store, g, 'coAgentGuids'));
	return lower;
}

export function setCoAgents(store: Store, dto: Dto, guids: string[]): void {
	dto.coAgentGuids = guids;
	dto.coAgents = store.coAgentRefs(guids);
	if ('coListingAgentGuid' in dto) dto.coListingAgentGuid = guids[0] ?? null;
}

const FILE_SCALARS = [
	'mlsNumber',
	'escrowNumber',
	'listingPrice',
	'salePrice',
	'listingDate',
	'expirationDate',
	'contractAcceptedDate',
	'escrowClosingDate',
	'actualClosingDate',
	'otherSource',
	'company',
	'email',
	'isOfficeLead',
	'coBrokerCompany',
];

/** Property form fields -> PropertyDTO (propertyTypeId becomes the propertyType name). */
export function toProperty(data: Dto, current: Dto | null): Dto {
	const out: Dto = { ...(current ?? {}) };
	for (const [k, v] of Object.entries(data)) {
		if (v === undefined) continue;
		if (k === 'propertyTypeId') out.propertyType = nameOf(PROPERTY_TYPES, v);
		else out[k] = v;
	}
	return out;
}

/** Applies validated create/update form data to a listing or sale DTO. */
export function applyFileFields(dto: Dto, data: Dto): void {
	for (const k of FILE_SCALARS) if (data[k] !== undefined) dto[k] = data[k];
	if (data.mlsId !== undefined && data.mlsNumber === undefined) dto.mlsNumber = data.mlsId;
	if (data.closingDate !== undefined && data.escrowClosingDate === undefined) dto.escrowClosingDate = data.closingDate;
	if (data.sourceId !== undefined) dto.source = nameOf(SOURCES, data.sourceId);
	if (data.dealTypeId !== undefined) {
		dto.dealType = ({ 1: 'Listing Side', 2: 'Buyer Side', 3: 'Dual Agency' } as Record<number, string>)[data.dealTypeId as number] ?? null;
	}
	if (data.property) dto.property = toProperty(data.property as Dto, dto.property as Dto | null);
	if (data.commercialLease) dto.commercialLease = { ...((dto.commercialLease as Dto | null) ?? {}), ...(data.commercialLease as Dto) };
	if (data.customFields) dto.customFields = mergeCustomFields(dto.customFields as Dto, data.customFields as Dto);
}

export function mergeCustomFields(current: Dto | null | undefined, patch: Dto): Dto {
	const out: Dto = { ...(current ?? {}) };
	for (const [k, v] of Object.entries(patch)) {
		if (v === null) delete out[k];
		else out[k] = v;
	}
	return out;
}

/** A contact from validated contact-form data. */
export function toContact(guid: string, data: Dto): Contact {
	const base: Contact = {
		contactGuid: guid,
		firstName: null,
		lastName: null,
		company: null,
		email: null,
		phone: null,
		alternatePhone: null,
		fax: null,
		address: null,
	};
	for (const [k, v] of Object.entries(data)) if (v !== undefined) base[k] = v;
	return base;
}

export function fileLinks(req: SandboxRequest, base: string, forms: string[]): Link[] {
	return [
		link(req, 'self', 'GET', base),
		link(req, 'update', 'PUT', base),
		...forms.map((f) => link(req, f, 'GET', `${base}/${f}`)),
	];
}
