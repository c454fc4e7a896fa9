import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { p, readRecords } from '../../shared';
import { COLLABORATOR, CONTACT, DOCUMENT, ENVELOPE, FILE, TEMPLATE } from '../helpers/kinds';
import { allRecords, oneRecord, searchPage } from '../helpers/paging';
import { sieveValue } from '../helpers/sieve';
import { currentId } from '../helpers/currentId';

const PAGE_SIZE = 50;

function matches(filter: string | undefined, ...texts: unknown[]): boolean {
	if (!filter) return true;
	const needle = filter.toLowerCase();
	return texts.some((t) => typeof t === 'string' && t.toLowerCase().includes(needle));
}

/** Files, newest activity first; the search text is matched by the service against the name. */
export async function searchFiles(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const qs: IDataObject = { sorts: '-lastupdated' };
	const text = filter?.trim();
	if (text) qs.filters = `name@=*${sieveValue(text)}`;
	const { records, paginationToken: next } = await searchPage(
		this,
		'/files',
		{ kind: FILE, operation: 'Search files' },
		qs,
		paginationToken,
		PAGE_SIZE,
	);
	const results: INodeListSearchItems[] = records.map((f) => ({
		name: f.address ? `${String(f.name)} (${String(f.address)})` : String(f.name ?? `File ${String(f.id)}`),
		value: String(f.id),
	}));
	return { results, paginationToken: next };
}

export async function searchDocuments(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const fileId = currentId(this, 'fileId');
	if (fileId === undefined) return { results: [] };
	const documents = await allRecords(this, p`/files/${fileId}/documents`, { kind: DOCUMENT, operation: 'Search documents' });
	const results = documents
		.filter((d) => matches(filter, d.formName, String(d.id)))
		.map((d) => ({ name: `${String(d.formName ?? 'Document')} (${String(d.id)})`, value: String(d.id) }));
	return { results };
}

export async function searchEnvelopes(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const fileId = currentId(this, 'fileId');
	if (fileId === undefined) return { results: [] };
	const { records, paginationToken: next } = await searchPage(
		this,
		p`/files/${fileId}/envelopes`,
		{ kind: ENVELOPE, operation: 'Search envelopes' },
		{},
		paginationToken,
		PAGE_SIZE,
	);
	const results = records
		.filter((e) => matches(filter, e.name, String(e.id)))
		.map((e) => ({ name: `${String(e.name ?? 'Envelope')} (${String(e.status ?? '')})`, value: String(e.id) }));
	return { results, paginationToken: next };
}

/** Personal and broker templates together. */
export async function searchTemplates(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const results: INodeListSearchItems[] = [];
	for (const [type, label] of [
		['Template', 'Personal'],
		['BrokerTemplate', 'Broker'],
	]) {
		const templates = await allRecords(this, '/templates', { kind: TEMPLATE, operation: 'Search templates' }, { type });
		for (const t of templates) {
			if (!matches(filter, t.name, String(t.id))) continue;
			results.push({ name: `${String(t.name)} (${label})`, value: String(t.id) });
		}
	}
	return { results };
}

/** Collaborators who have shared their access with the caller: the only valid On Behalf Of ids. */
export async function searchCollaborators(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const collaborators = await allRecords(this, '/collaborators', { kind: COLLABORATOR, operation: 'Search collaborators' });
	const results = collaborators
		.filter((c) => c.isReceivingAccess === true)
		.map((c) => ({
			name: [c.firstName, c.middleName, c.lastName, c.suffix].filter((x) => typeof x === 'string' && x).join(' ') || String(c.id),
			value: String(c.id),
		}))
		.filter((c) => matches(filter, c.name, c.value));
	return { results };
}

/** The contacts of the file chosen in `fileId`. */
export async function searchFileContacts(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const fileId = currentId(this, 'fileId');
	if (fileId === undefined) return { results: [] };
	const file = await oneRecord(this, p`/files/${fileId}`, { kind: FILE, operation: 'Search contacts of a file' });
	// A file without contacts may leave the list out; one that has a `contacts` field must hold a list.
	const contacts = file.contacts === undefined || file.contacts === null ? [] : readRecords(this, file.contacts, { ...CONTACT, operation: 'Search contacts of a file' });
	const results = contacts
		.map((c) => {
			const name = c.isEntity && c.companyName ? String(c.companyName) : [c.firstName, c.lastName].filter(Boolean).join(' ');
			return { name: `${name} (${String(c.type ?? '')})`, value: String(c.id) };
		})
		.filter((c) => matches(filter, c.name, c.value));
	return { results };
}
