import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { collectPages, readLimit, recordsOf, totalOf, upTo, type ApiContext } from '../../shared';
import { MAX_PAGE_SIZE } from '../service';
import { formsRequest } from '../transport';

/** How the Forms lists are read: whole, paged (`page`, `pageSize`), or a page at a time for a picker. */

/**
 * Return All / Limit over a list the service answers whole (no paging). The Limit is checked
 * before the request; `keep` filters before the Limit applies.
 */
export async function wholeList(
	ctx: IExecuteFunctions,
	i: number,
	path: string,
	key: string,
	options: { qs?: IDataObject; keep?: (record: IDataObject) => boolean } = {},
): Promise<IDataObject[]> {
	const limit = readLimit(ctx, i);
	const response = await formsRequest.call(ctx, { method: 'GET', path, qs: options.qs, itemIndex: i });
	const records = recordsOf(response, key);
	return upTo(options.keep ? records.filter(options.keep) : records, limit);
}

/** Pages of `path` until `limit` records, the announced total, or a short page. */
async function pages(
	ctx: ApiContext,
	path: string,
	key: string,
	qs: IDataObject,
	limit: number | undefined,
	itemIndex?: number,
): Promise<IDataObject[]> {
	return await collectPages<IDataObject>({
		returnAll: limit === undefined,
		limit,
		maxPageSize: MAX_PAGE_SIZE,
		fetchPage: async (page, pageSize) => {
			const response = await formsRequest.call(ctx, { method: 'GET', path, qs: { ...qs, page, pageSize }, itemIndex });
			return { records: recordsOf(response, key), total: totalOf(response) };
		},
	});
}

/** Return All / Limit over a paged list (`page`, `pageSize` up to 500). */
export async function pagedRecords(
	ctx: IExecuteFunctions,
	i: number,
	path: string,
	key: string,
	qs: IDataObject = {},
): Promise<IDataObject[]> {
	return await pages(ctx, path, key, qs, readLimit(ctx, i), i);
}

/** At most `limit` records of a paged list, for an option list of the editor. */
export async function firstRecords(
	ctx: ApiContext,
	path: string,
	key: string,
	qs: IDataObject,
	limit: number,
): Promise<IDataObject[]> {
	return await pages(ctx, path, key, qs, limit);
}

/** One page of a paged list for a list search; the token of the next page while there is one. */
export async function searchPage(
	ctx: ApiContext,
	path: string,
	key: string,
	qs: IDataObject,
	paginationToken: string | undefined,
	pageSize: number,
): Promise<{ records: IDataObject[]; paginationToken?: string }> {
	const page = paginationToken ? Number(paginationToken) : 1;
	const response = await formsRequest.call(ctx, { method: 'GET', path, qs: { ...qs, page, pageSize } });
	const records = recordsOf(response, key);
	const total = totalOf(response);
	const more = records.length === pageSize && (total === undefined || page * pageSize < total);
	return { records, paginationToken: more ? String(page + 1) : undefined };
}

/**
 * A document with every page of its fields (the service pages them, `totalItems` counting them),
 * shaped as a single page holding them all.
 */
export async function documentWithAllFields(ctx: IExecuteFunctions, i: number, path: string): Promise<IDataObject> {
	let first: IDataObject | undefined;
	const fields = await collectPages<IDataObject>({
		returnAll: true,
		maxPageSize: MAX_PAGE_SIZE,
		fetchPage: async (page, pageSize) => {
			const response = await formsRequest.call(ctx, { method: 'GET', path, qs: { page, pageSize }, itemIndex: i });
			first ??= response;
			const total = typeof response.totalItems === 'number' ? response.totalItems : undefined;
			return { records: recordsOf(response, 'fields'), total };
		},
	});
	return { ...(first ?? {}), fields, page: 1, pageSize: fields.length, totalPages: 1, totalItems: fields.length };
}
