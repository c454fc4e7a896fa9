import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { agents, contacts, filesPage, offices, type Choice } from './lists';

function filtered(choices: Choice[], filter?: string): INodeListSearchResult {
	const wanted = filter?.trim().toLowerCase();
	const results = wanted
		? choices.filter((c) => `${c.name} ${c.value} ${c.description ?? ''}`.toLowerCase().includes(wanted))
		: choices;
	return { results: results.map((c) => ({ name: c.name, value: c.value })) };
}

async function files(
	ctx: ILoadOptionsFunctions,
	kind: 'listing' | 'sale',
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = paginationToken ? Number(paginationToken) : 1;
	const { choices, nextPage } = await filesPage(ctx, kind, Number.isSafeInteger(page) && page > 0 ? page : 1);
	return { ...filtered(choices, filter), paginationToken: nextPage ? String(nextPage) : undefined };
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

export async function searchContacts(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return filtered(await contacts(this), filter);
}
