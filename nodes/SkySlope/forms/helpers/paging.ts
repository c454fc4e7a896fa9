import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import {
	collectPages,
	describeAnswer,
	readLimit,
	readRecord,
	readRecords,
	totalOf,
	type ApiContext,
	type RecordKind,
} from '../../shared';
import { MAX_PAGE_SIZE } from '../service';
import { formsRequest } from '../transport';
import { DOCUMENT, DOCUMENT_FIELD } from './kinds';

/** How the Forms lists are read: whole, paged (`page`, `pageSize`), or a page at a time for a picker. */

/** What an answer holds and which operation reads it: for the reader, and its errors. */
export interface ListRead {
	kind: RecordKind;
	/** As the user knows it, e.g. `Get many files`. */
	operation: string;
	/** Of several records where one is read, the one asked for. */
	pick?: (record: IDataObject) => boolean;
}

/** The records of one answer of a list read (any shape the reader knows; else a loud error). */
function recordsOfAnswer(ctx: ApiContext, response: unknown, read: ListRead, itemIndex?: number): IDataObject[] {
	return readRecords(ctx, response, {
		...read.kind,
		operation: read.operation,
		itemIndex,
	});
}

/**
 * Return All / Limit over a list the service answers whole (no paging). The Limit is checked
 * before the request; `keep` filters before the Limit applies.
 */
export async function wholeList(
	ctx: IExecuteFunctions,
	i: number,
	path: string,
	read: ListRead,
	options: { qs?: IDataObject; keep?: (record: IDataObject) => boolean } = {},
): Promise<IDataObject[]> {
	const limit = readLimit(ctx, i);
	const response = await formsRequest.call(ctx, {
		method: 'GET',
		path,
		qs: options.qs,
		itemIndex: i,
	});
	const records = recordsOfAnswer(ctx, response, read, i);
	return (options.keep ? records.filter(options.keep) : records).slice(0, limit);
}

/** Every record of a list the service answers whole, for an editor list. */
export async function allRecords(ctx: ApiContext, path: string, read: ListRead, qs?: IDataObject): Promise<IDataObject[]> {
	return recordsOfAnswer(ctx, await formsRequest.call(ctx, { method: 'GET', path, qs }), read);
}

/** Pages of `path` until `limit` records, the announced total, or a short page. */
async function pages(
	ctx: ApiContext,
	path: string,
	read: ListRead,
	qs: IDataObject,
	limit: number,
	itemIndex?: number,
): Promise<IDataObject[]> {
	return await collectPages<IDataObject>({
		limit,
		maxPageSize: MAX_PAGE_SIZE,
		fetchPage: async (page, pageSize) => {
			const response = await formsRequest.call(ctx, {
				method: 'GET',
				path,
				qs: { ...qs, page, pageSize },
				itemIndex,
			});
			return {
				records: recordsOfAnswer(ctx, response, read, itemIndex),
				total: totalOf(response),
			};
		},
	});
}

/** Return All / Limit over a paged list (`page`, `pageSize` up to 500). */
export async function pagedRecords(
	ctx: IExecuteFunctions,
	i: number,
	path: string,
	read: ListRead,
	qs: IDataObject = {},
): Promise<IDataObject[]> {
	return await pages(ctx, path, read, qs, readLimit(ctx, i), i);
}

/** At most `limit` records of a paged list, for an option list of the editor. */
export async function firstRecords(
	ctx: ApiContext,
	path: string,
	read: ListRead,
	qs: IDataObject,
	limit: number,
): Promise<IDataObject[]> {
	return await pages(ctx, path, read, qs, limit);
}

/** One page of a paged list for a list search; the token of the next page while there is one. */
export async function searchPage(
	ctx: ApiContext,
	path: string,
	read: ListRead,
	qs: IDataObject,
	paginationToken: string | undefined,
	pageSize: number,
): Promise<{ records: IDataObject[]; paginationToken?: string }> {
	const page = paginationToken ? Number(paginationToken) : 1;
	const response = await formsRequest.call(ctx, {
		method: 'GET',
		path,
		qs: { ...qs, page, pageSize },
	});
	const records = recordsOfAnswer(ctx, response, read);
	const total = totalOf(response);
	const more = records.length === pageSize && (total === undefined || page * pageSize < total);
	return { records, paginationToken: more ? String(page + 1) : undefined };
}

/** One record the service answers alone (`GET /files/{id}`), in whatever wrapping it comes. */
export async function oneRecord(
	ctx: ApiContext,
	path: string,
	read: ListRead,
	options: { qs?: IDataObject; itemIndex?: number } = {},
): Promise<IDataObject> {
	const response = await formsRequest.call(ctx, {
		method: 'GET',
		path,
		qs: options.qs,
		itemIndex: options.itemIndex,
	});
	return readRecord(ctx, response, {
		...read.kind,
		operation: read.operation,
		pick: read.pick,
		itemIndex: options.itemIndex,
	});
}

/**
 * The fields of a document page: the list under `fields`. A document that announces no fields
 * (`totalItems` 0 or absent) may leave the list out; one that announces some may not.
 */
function fieldsOf(ctx: ApiContext, document: IDataObject, operation: string, itemIndex: number): IDataObject[] {
	const announced = typeof document.totalItems === 'number' ? document.totalItems : 0;
	if (document.fields === undefined || document.fields === null) {
		if (announced === 0) return [];
		throw new NodeOperationError(
			ctx.getNode(),
			`${operation}: the document announces ${announced} fields but holds no "fields" list (${describeAnswer(document)})`,
			{ itemIndex, description: 'Nothing was output rather than a document without its fields. Run the item again; if the same answer comes back, report it on the package\'s issue tracker.' },
		);
	}
	return readRecords(ctx, document.fields, {
		...DOCUMENT_FIELD,
		operation,
		itemIndex,
	});
}

/**
 * A document with every page of its fields (the service pages them, `totalItems` counting them),
 * shaped as a single page holding them all.
 */
export async function documentWithAllFields(ctx: IExecuteFunctions, i: number, path: string): Promise<IDataObject> {
	const operation = 'Get a document';
	let first: IDataObject | undefined;
	const fields = await collectPages<IDataObject>({
		limit: Number.POSITIVE_INFINITY,
		maxPageSize: MAX_PAGE_SIZE,
		fetchPage: async (page, pageSize) => {
			const document = await oneRecord(ctx, path, { kind: DOCUMENT, operation }, { qs: { page, pageSize }, itemIndex: i });
			first ??= document;
			const total = typeof document.totalItems === 'number' ? document.totalItems : undefined;
			return { records: fieldsOf(ctx, document, operation, i), total };
		},
	});
	return {
		...(first ?? {}),
		fields,
		page: 1,
		pageSize: fields.length,
		totalPages: 1,
		totalItems: fields.length,
	};
}
