import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	checkGuid,
	defineOperation,
	filtersField,
	followNextLinks,
	inputError,
	readLimit,
	readRecords,
	returnAllAndLimit,
	simplifyField,
	statusOf,
	toUnixSeconds,
	type Link,
	type ListEnd,
	type Operation,
} from '../../shared';
import { isPastTheEnd, nextLinkQuery, skySlopeRequest } from '../transport';
import { kindOfFile } from './kinds';
import { simplifyFile } from './simplify';

const agentFilter = (name: string, displayName: string, description: string): INodeProperties => ({
	displayName,
	name,
	type: 'options',
	default: '',
	typeOptions: { loadOptionsMethod: 'getAgents' },
	description: `${description}. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
});

function filters(kind: 'listing' | 'sale'): INodeProperties {
	return filtersField([
		agentFilter('agentGuid', 'Agent Name or ID', `Only ${kind}s assigned to this agent`),
		agentFilter('createdByGuid', 'Created By Name or ID', `Only ${kind}s created by this user`),
		{
			displayName: 'Created After',
			name: 'earliestDate',
			type: 'dateTime',
			default: '',
			description: `Only ${kind}s created at or after this moment`,
		},
		{
			displayName: 'Created Before',
			name: 'latestDate',
			type: 'dateTime',
			default: '',
			description: `Only ${kind}s created at or before this moment`,
		},
	]);
}

/** The query of the first page, every filter checked before anything is sent. */
function firstPageQuery(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const f = ctx.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs: IDataObject = {};
	if (f.agentGuid) qs.agentGuid = checkGuid(ctx, 'Filters: Agent', f.agentGuid, itemIndex);
	if (f.createdByGuid) qs.createdByGuid = checkGuid(ctx, 'Filters: Created By', f.createdByGuid, itemIndex);
	if (f.earliestDate) qs.earliestDate = toUnixSeconds(ctx, 'Filters: Created After', f.earliestDate, itemIndex);
	if (f.latestDate) qs.latestDate = toUnixSeconds(ctx, 'Filters: Created Before', f.latestDate, itemIndex);
	if (typeof qs.earliestDate === 'number' && typeof qs.latestDate === 'number' && qs.earliestDate > qs.latestDate) {
		throw inputError(ctx, 'Filters: Created After', itemIndex, 'is later than Created Before');
	}
	return qs;
}

/** The list pages hold 10 records (spec 4.6). */
export const FILE_PAGE_SIZE = 10;

/** The live service's end of a list: the page after a full last page answers 422 (isPastTheEnd). */
export const FILE_LIST_END: ListEnd = { pageSize: FILE_PAGE_SIZE, is: isPastTheEnd };

/**
 * The next page of an answer that came without links (without its envelope): the page number one
 * higher, while the page was full. An answer with links decides by its `next` link alone.
 */
export function pageByNumber(qs: IDataObject, count: number): Link[] | undefined {
	if (count < FILE_PAGE_SIZE) return undefined;
	const key = Object.keys(qs).find((k) => k.toLowerCase() === 'pagenumber') ?? 'pageNumber';
	const current = Number(qs[key]);
	const query = new URLSearchParams();
	for (const [k, v] of Object.entries(qs)) if (k !== key && v !== undefined) query.set(k, String(v));
	query.set(key, String(Number.isSafeInteger(current) && current > 0 ? current + 1 : 2));
	return [{ rel: 'next', href: `?${query.toString()}` }];
}

/**
 * Get Many for listings and sales: pages of 10, the `next` link followed for Return All (its query
 * sent to the same path on the credential's host) to the live service's end of a list, one item
 * per record.
 */
export function fileGetMany(kind: 'listing' | 'sale'): Operation {
	const path = kind === 'listing' ? '/api/files/listings' : '/api/files/sales';
	return defineOperation({
		value: 'getAll',
		name: 'Get Many',
		action: `Get many ${kind}s`,
		description: `List ${kind}s the user can see, newest first, with filters`,
		properties: [...returnAllAndLimit(500), filters(kind), simplifyField()],
		async execute(this: IExecuteFunctions, itemIndex: number) {
			const limit = readLimit(this, itemIndex, 500);
			const returnAll = limit === undefined;
			const first = firstPageQuery(this, itemIndex);
			const simplify = this.getNodeParameter('simplify', itemIndex, true) !== false;
			const records = await followNextLinks<IDataObject>({
				returnAll,
				limit,
				end: FILE_LIST_END,
				fetch: async (next) => {
					const qs = next ? nextLinkQuery(next) : first;
					const envelope = await skySlopeRequest.call(this, { method: 'GET', path, qs, itemIndex });
					const records = readRecords(this, envelope.value, {
						...kindOfFile(kind),
						operation: `Get many ${kind}s`,
						itemIndex,
						status: statusOf(envelope),
					});
					return { records, links: (envelope.links as Link[] | undefined) ?? pageByNumber(qs, records.length) };
				},
			});
			return simplify ? records.map((record) => simplifyFile(kind, record)) : records;
		},
	});
}
