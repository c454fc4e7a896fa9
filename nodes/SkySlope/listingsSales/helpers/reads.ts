import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	defineOperation,
	pageOrEnd,
	readLimit,
	readRecord,
	readRecords,
	returnAllAndLimit,
	statusOf,
	type ApiContext,
	type ListEnd,
	type Operation,
	type RecordKind,
} from '../../shared';
import { skySlopeRequest, type Envelope } from '../transport';
import { executeReader, type Reader } from './fields';
import type { Output } from './formDriven';

/**
 * Every read of this node goes through the shared record readers: a record or a list is found in
 * whatever wrapping the service chose (inside `value` or not, singular or plural key, bare), and an
 * answer holding none fails the item naming the operation, the status and what it held.
 */

/** The answer's warnings and (when kept) links, carried onto the record read from it. */
function withExtras(record: IDataObject, item: IDataObject): IDataObject {
	const out: IDataObject = { ...record };
	if (item.warnings !== undefined) out.warnings = item.warnings;
	if (item.links !== undefined) out.links = item.links;
	return out;
}

/** The output of a get: the one record of the answer, with the answer's warnings (and links, when kept). */
export const recordOutput =
	(kind: RecordKind, operation: string, pick?: (r: Reader) => (record: IDataObject) => boolean): Output =>
	(value, item, r) =>
		withExtras(readRecord(r.ctx, value, { ...kind, operation, itemIndex: r.itemIndex, pick: pick?.(r) }), item);

/** The output of a read answered as a list, one item per record (no Return All / Limit). */
export const recordsOutput =
	(kind: RecordKind, operation: string): Output =>
	(value, _item, r) =>
		readRecords(r.ctx, value, { ...kind, operation, itemIndex: r.itemIndex });

/** A record guid picker for `pick`: the record whose `<name>` is the guid asked for. */
export const byGuid =
	(name: string) =>
	(r: Reader) =>
	(record: IDataObject): boolean =>
		String(record[name] ?? '').toLowerCase() === String(r.get(name) ?? '').toLowerCase();

export interface ListRead {
	value: string;
	name: string;
	action: string;
	description: string;
	properties: INodeProperties[];
	kind: RecordKind;
	path: (r: Reader) => string;
	qs?: (r: Reader) => IDataObject;
}

/** The most a Limit may ask of a list the service answers whole. */
const MAX_LIST_LIMIT = 500;

/**
 * A list the service answers whole: Return All and Limit (checked before sending), one item per
 * record, the list found by the shared reader (an unreadable answer fails the item).
 */
export function listRead(spec: ListRead): Operation {
	return defineOperation({
		value: spec.value,
		name: spec.name,
		action: spec.action,
		description: spec.description,
		properties: [...spec.properties, ...returnAllAndLimit(MAX_LIST_LIMIT)],
		async execute(this: IExecuteFunctions, itemIndex: number) {
			const r = executeReader(this, itemIndex);
			const path = spec.path(r);
			const qs = spec.qs?.(r);
			const limit = readLimit(this, itemIndex, MAX_LIST_LIMIT);
			const envelope = await skySlopeRequest.call(this, { method: 'GET', path, qs, itemIndex });
			return readRecords(this, envelope.value, { ...spec.kind, operation: spec.action, itemIndex, status: statusOf(envelope) }).slice(0, limit);
		},
	});
}

/** GET one record (a listing read for a limit check, a picker's file), through the node's transport. */
export async function getRecord(
	ctx: ApiContext,
	path: string,
	read: { kind: RecordKind; operation: string; itemIndex?: number; qs?: IDataObject },
): Promise<IDataObject> {
	const envelope: Envelope = await skySlopeRequest.call(ctx, { method: 'GET', path, qs: read.qs, itemIndex: read.itemIndex });
	return readRecord(ctx, envelope.value, { ...read.kind, operation: read.operation, itemIndex: read.itemIndex, status: statusOf(envelope) });
}

/**
 * GET a list (a picker's options), through the node's transport; the envelope too, for its links.
 * A page of a paged list names the list's `end` and the count of the page before it: at the end of
 * the list it has no records.
 */
export async function getRecords(
	ctx: ApiContext,
	path: string,
	read: { kind: RecordKind; operation: string; qs?: IDataObject; itemIndex?: number; end?: ListEnd; previousCount?: number },
): Promise<{ records: IDataObject[]; envelope: Envelope }> {
	const request = { method: 'GET' as const, path, qs: read.qs, itemIndex: read.itemIndex };
	const envelope = await pageOrEnd(async () => await skySlopeRequest.call(ctx, request), read.end, read.previousCount);
	if (!envelope) return { records: [], envelope: {} };
	const records = readRecords(ctx, envelope.value, {
		...read.kind,
		operation: read.operation,
		itemIndex: read.itemIndex,
		status: statusOf(envelope),
	});
	return { records, envelope };
}
