import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { agents, contacts, filesPage, listingContacts, listingDocuments, offices, type Choice } from '../helpers/lists';

function filtered(choices: Choice[], filter?: string): INodeListSearchResult {
	const wanted = filter?.trim().toLowerCase();
	const results = wanted
		? choices.filter((c) => `${c.name} ${c.value} ${c.description ?? ''}`.toLowerCase().includes(wanted))
		: choices;
	return { results: results.map((c) => ({ name: c.name, value: c.value })) };
}

/** Pages a filtered search reads per call before handing back a token to read on. */
const FILTER_PAGES = 5;

async function files(
	ctx: ILoadOptionsFunctions,
	kind: 'listing' | 'sale',
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	let token = paginationToken;
	// The service has no text search: a filter is matched here, over a few pages at a time.
	const results: INodeListSearchResult['results'] = [];
	for (let read = 0; read < (filter?.trim() ? FILTER_PAGES : 1); read++) {
		const { choices, nextToken } = await filesPage(ctx, kind, token);
		results.push(...filtered(choices, filter).results);
		if (!nextToken) return { results };
		token = nextToken;
	}
	return { results, paginationToken: token };
}

export async function searchListings(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
	return await files(this, 'listing', filter, paginationToken);
}

export async function searchSales(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
	return await files(this, 'sale', filter, paginationToken);
}

export async function searchOffices(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return filtered(await offices(this), filter);
}

export async function searchAgents(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return filtered(await agents(this), filter);
}

export async function searchDirectoryContacts(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return filtered(await contacts(this), filter);
}

export async function searchListingContacts(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return filtered(await listingContacts(this), filter);
}

export async function searchListingDocuments(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return filtered(await listingDocuments(this), filter);
}
