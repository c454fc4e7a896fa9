/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// 4.2 bulk export: GET /api/files, streamed object by object in the chunk format of rule 2.
//
// Body:  BOM "[" "\n"  then every object as `{...},\n`  then "]".
// - The body starts with a UTF-8 byte-order mark (EF BB BF) before the "[", as real exports do.
// - Every object, the last one included, ends with `},\n`: the body as a whole is not valid JSON.
// - Between objects (after the `},\n` of every 5th object, from the 3rd) one to three raw
//   control bytes \u0000, \u0001 or \u001A, sometimes followed by a line break.
// - Inside objects (every 7th object, from the 4th) one raw control byte right after the comma
//   that ends the first member, i.e. in the whitespace between two tokens. Never inside a string
//   value: JSON.stringify escapes control characters there, so deleting every raw \u0000, \u0001 and
//   \u001A from a chunk and then JSON.parse-ing it always recovers the object exactly.
// - The network chunks do not follow objects: batches are written together and every third batch
//   is split at an arbitrary byte, sometimes inside a multi-byte UTF-8 character.
// Fault knob: the sandbox-only request header `x-sandbox-cut-after: <n>` (or state.setExportCutAfter)
// sends n whole objects, then half of the next one, then destroys the connection. Another,
// state.setExportShort(n): the export ends cleanly after n files, its summary announcing them all
// (or, with `summary: false`, no summary at all), as a service that stops early would answer.
// Scale knob: ctx.options.scale.listings / scale.sales add that many generated listings and sales,
// created within the last 6 days, built one by one from the seed while streaming (never in memory).
import { Readable } from 'node:stream';

import { mulberry32 } from '../core/random';
import type { Router, SandboxRequest } from '../core/router';
import { route, type Deps } from './deps';
import { queryValue, unprocessable } from './http';
import { liveRecord } from './live';
import type { Store } from './store';
import { ALL_STATUSES, type Dto, type ListingStatus, type SaleStatus, type User } from './types';

const DAY = 24 * 3600 * 1000;
const BOM = '\uFEFF';
const CONTROL = ['\u0000', '\u0001', '\u001A'];
const BATCH = 25;

export interface ExportFilters {
	closedAfter?: number;
	closedBefore?: number;
	createdAfter?: number;
	createdBefore?: number;
	modifiedAfter?: number;
	modifiedBefore?: number;
	email?: string;
	propertyAddress?: string;
	statuses: Set<string> | 'all';
	types: Set<string>;
}

function parseDate(req: SandboxRequest, name: string, errors: string[]): number | undefined {
	const raw = queryValue(req, name);
	if (raw === undefined || raw === '') return undefined;
	const ms = Date.parse(raw);
	if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(ms)) {
		errors.push(`${name}: '${raw}' is not a date-time`);
		return undefined;
	}
	return ms;
}

function parseList(raw: string | undefined, allowed: readonly string[], name: string, errors: string[]): string[] {
	const values = (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);
	const out: string[] = [];
	for (const v of values) {
		const found = allowed.find((a) => a.toLowerCase() === v.toLowerCase());
		if (!found) errors.push(`${name}: '${v}' is not one of ${allowed.join(', ')}`);
		else out.push(found);
	}
	return out;
}

export function parseFilters(req: SandboxRequest, now: number): ExportFilters {
	const errors: string[] = [];
	const f: ExportFilters = {
		closedAfter: parseDate(req, 'closedAfter', errors),
		closedBefore: parseDate(req, 'closedBefore', errors),
		createdAfter: parseDate(req, 'createdAfter', errors),
		createdBefore: parseDate(req, 'createdBefore', errors),
		modifiedAfter: parseDate(req, 'modifiedAfter', errors),
		modifiedBefore: parseDate(req, 'modifiedBefore', errors),
		email: queryValue(req, 'email') || undefined,
		propertyAddress: queryValue(req, 'propertyAddress') || undefined,
		statuses: 'all',
		types: new Set(),
	};
	const statuses = parseList(queryValue(req, 'status'), ['all', ...ALL_STATUSES], 'status', errors);
	const types = parseList(queryValue(req, 'type'), ['all', 'sale', 'listing', 'summary'], 'type', errors);
	if (errors.length) throw unprocessable(errors);
	if (statuses.length && !statuses.includes('all')) f.statuses = new Set(statuses);
	f.types = types.length === 0 || types.includes('all') ? new Set(['summary', 'sale', 'listing']) : new Set(types);
	const dated = [f.closedAfter, f.closedBefore, f.createdAfter, f.createdBefore, f.modifiedAfter, f.modifiedBefore].some((d) => d !== undefined);
	// Rule 1: without any date filter, only files created within the last 7 days.
	if (!dated) f.createdAfter = now - 7 * DAY;
	return f;
}

export function addressOf(dto: Dto): string {
	const p = (dto.property ?? {}) as Dto;
	const street = [p.streetNumber, p.streetAddress, p.unit].filter(Boolean).join(' ');
	return `${street}, ${p.city ?? ''}, ${p.state ?? ''} ${p.zip ?? ''}`;
}

/** SkySlope's empty date (.NET's DateTime.MinValue, written `0001-01-01T00:00:00`), in ms. */
const EMPTY_DATE = Date.parse('0001-01-01T00:00:00Z');

/** Dates read before: an export compares every file's dates, and most are the same from one export to the next. */
const parsed = new Map<string, number>();

/** A stored date as the service compares it: an empty one is the year 1, before every filter's date. */
function comparable(value: unknown): number {
	if (typeof value !== 'string' || !value) return EMPTY_DATE;
	let ms = parsed.get(value);
	if (ms === undefined) {
		if (parsed.size >= 1_000_000) parsed.clear();
		ms = Date.parse(value);
		if (Number.isNaN(ms)) ms = EMPTY_DATE;
		parsed.set(value, ms);
	}
	return ms;
}

export function matches(dto: Dto, f: ExportFilters): boolean {
	if (!f.types.has(String(dto.objectType))) return false;
	if (f.statuses !== 'all' && !f.statuses.has(String(dto.status))) return false;
	if (f.createdAfter !== undefined || f.createdBefore !== undefined) {
		const created = comparable(dto.createdOn);
		if (f.createdAfter !== undefined && created < f.createdAfter) return false;
		if (f.createdBefore !== undefined && created > f.createdBefore) return false;
	}
	if (f.modifiedAfter !== undefined || f.modifiedBefore !== undefined) {
		const modified = comparable(dto.modifiedOn);
		if (f.modifiedAfter !== undefined && modified < f.modifiedAfter) return false;
		if (f.modifiedBefore !== undefined && modified > f.modifiedBefore) return false;
	}
	if (f.closedAfter !== undefined || f.closedBefore !== undefined) {
		// Only sales close: with a closed* filter, listings and open sales are left out.
		if (!dto.actualClosingDate) return false;
		const closed = Date.parse(String(dto.actualClosingDate));
		if (f.closedAfter !== undefined && closed < f.closedAfter) return false;
		if (f.closedBefore !== undefined && closed > f.closedBefore) return false;
	}
	if (f.email && String(dto.email ?? '').toLowerCase() !== f.email.toLowerCase()) return false;
	if (f.propertyAddress && !addressOf(dto).toLowerCase().includes(f.propertyAddress.toLowerCase())) return false;
	return true;
}

const LISTING_STATUSES: ListingStatus[] = ['active', 'incomplete', 'expired', 'canceledPending', 'canceledApproved'];
const SALE_STATUSES: SaleStatus[] = ['pending', 'closed', 'archived', 'incomplete', 'expired', 'canceledPending', 'canceledApproved'];

const rngFor = (store: Store, kind: 'listing' | 'sale', i: number) =>
	mulberry32((store.opts.seed ^ Math.imul(i + 1, 2654435761) ^ (kind === 'sale' ? 0x5a1e : 0x1157)) >>> 0);

/**
 * The fields of generated file `i` that are cheap to know (type, status, createdOn, email) without
 * building it: enough to skip most non-matching objects, and to count them for the summary.
 */
function light(store: Store, kind: 'listing' | 'sale', i: number): Dto {
	const agents = store.users.filter((u) => u.userType === 'Agent');
	const rng = rngFor(store, kind, i);
	const createdAt = store.opts.now - Math.floor(rng() * 6 * DAY);
	const status = kind === 'listing' ? LISTING_STATUSES[i % LISTING_STATUSES.length] : SALE_STATUSES[i % SALE_STATUSES.length];
	return { objectType: kind, status, createdOn: new Date(createdAt).toISOString(), email: agents[i % agents.length].email };
}

/** Whether the light fields already rule the object out (never rules out a match). */
function lightReject(l: Dto, f: ExportFilters): boolean {
	return !matches(l, { ...f, modifiedAfter: undefined, modifiedBefore: undefined, closedAfter: undefined, closedBefore: undefined, propertyAddress: undefined });
}

/** Generated file number `i` of a kind: the same seed and index always give the same object. */
export function generated(store: Store, kind: 'listing' | 'sale', i: number): Dto {
	const rng = rngFor(store, kind, i);
	const agents = store.users.filter((u) => u.userType === 'Agent');
	const agent = agents[i % agents.length];
	const types = store.checklistTypesOf(agent.officeGuid, kind === 'sale' ? 'Sale' : 'Listing');
	const type = types[i % types.length];
	const createdAt = store.opts.now - Math.floor(rng() * 6 * DAY);
	if (kind === 'listing') return store.buildListing(rng, createdAt, LISTING_STATUSES[i % LISTING_STATUSES.length], type, agent).dto;
	return store.buildSale(rng, createdAt, SALE_STATUSES[i % SALE_STATUSES.length], type, agent).dto;
}

/**
 * Every object of the export that matches, in order, built lazily. `countOnly` may answer light
 * objects when they decide the match alone (a broker, no modified/closed/address filter).
 */
function* sources(store: Store, user: User, scale: { listings: number; sales: number }, f: ExportFilters, countOnly = false): Generator<Dto> {
	for (const r of store.listings.values()) if (store.canSee(user, r.dto) && matches(r.dto, f)) yield r.dto;
	for (const r of store.sales.values()) if (store.canSee(user, r.dto) && matches(r.dto, f)) yield r.dto;
	const lightDecides =
		countOnly && user.userType !== 'Agent' && [f.modifiedAfter, f.modifiedBefore, f.closedAfter, f.closedBefore, f.propertyAddress].every((x) => x === undefined);
	for (const kind of ['listing', 'sale'] as const) {
		const n = kind === 'listing' ? scale.listings : scale.sales;
		for (let i = 0; i < n; i++) {
			const l = light(store, kind, i);
			if (lightReject(l, f)) continue;
			if (lightDecides) {
				yield l;
				continue;
			}
			const dto = generated(store, kind, i);
			if (store.canSee(user, dto) && matches(dto, f)) yield dto;
		}
	}
}

/** One object as a rule-2 chunk, with the control bytes described at the top of this file. */
export function chunkOf(obj: Dto, index: number): string {
	let text = JSON.stringify(obj);
	if (index % 7 === 3) {
		const cut = text.indexOf(',"');
		if (cut > 0) text = `${text.slice(0, cut + 1)}${CONTROL[index % 3]}${text.slice(cut + 1)}`;
	}
	text += ',\n';
	if (index % 5 === 2) {
		const n = 1 + (index % 3);
		text += Array.from({ length: n }, (_, k) => CONTROL[(index + k) % 3]).join('') + (index % 2 ? '\n' : '');
	}
	return text;
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

export function registerExport(router: Router, deps: Deps, progress: Array<{ emitted: number; done: boolean; aborted: boolean }>): void {
	const { store, ctx } = deps;

	route(router, deps, 'GET', '/api/files', (req, user) => {
		const filters = parseFilters(req, ctx.now());
		const scale = { listings: ctx.options.scale.listings, sales: ctx.options.scale.sales };
		const header = req.headers['x-sandbox-cut-after'];
		const cutAfter = typeof header === 'string' && /^\d+$/.test(header) ? Number(header) : store.exportCutAfter;
		const visibleUsers = store.users.filter((u) => user.userType !== 'Agent' || u.userGuid === user.userGuid).length;
		const track = { emitted: 0, done: false, aborted: false };
		progress.push(track);

		async function* body(): AsyncGenerator<Buffer> {
			yield Buffer.from(`${BOM}[\n`, 'utf8');
			let index = 0;
			let batch: string[] = [];
			let batches = 0;
			const flush = function* (): Generator<Buffer> {
				if (!batch.length) return;
				const buf = Buffer.from(batch.join(''), 'utf8');
				batch = [];
				batches++;
				if (batches % 3 === 1 && buf.length > 8) {
					// Split at an arbitrary byte: the client must reassemble (and decode UTF-8 across chunks).
					const at = Math.floor(buf.length / 2) + (batches % 5);
					yield buf.subarray(0, at);
					yield buf.subarray(at);
				} else yield buf;
			};
			const emit = function* (obj: Dto): Generator<Buffer> {
				if (cutAfter !== undefined && index >= cutAfter) {
					yield* flush();
					const text = JSON.stringify(liveRecord(obj, ctx.live()));
					yield Buffer.from(text.slice(0, Math.floor(text.length / 2)), 'utf8');
					throw new Error('export cut by x-sandbox-cut-after');
				}
				batch.push(chunkOf(liveRecord(obj, ctx.live()), index++));
				track.emitted = index;
				if (batch.length >= BATCH) yield* flush();
			};

			const short = store.exportShort;
			if (filters.types.has('summary') && short?.summary !== false) {
				// Counts of the files the other filters select, whatever `type` asks to stream.
				const files = { ...filters, types: new Set(['listing', 'sale']) };
				let numberOfListings = 0;
				let numberOfSales = 0;
				let counted = 0;
				for (const dto of sources(store, user, scale, files, true)) {
					if (dto.objectType === 'listing') numberOfListings++;
					else numberOfSales++;
					if (++counted % 1000 === 0) await tick();
				}
				yield* emit({
					objectType: 'summary',
					numberOfSales,
					numberOfListings,
					numberOfUsers: visibleUsers,
					createdOn: new Date(ctx.now()).toISOString(),
				});
			}
			let sinceTick = 0;
			let files = 0;
			for (const dto of sources(store, user, scale, filters)) {
				if (short && files++ >= short.files) break;
				yield* emit(dto);
				if (++sinceTick >= BATCH) {
					sinceTick = 0;
					await tick();
				}
			}
			yield* flush();
			yield Buffer.from(']', 'utf8');
			track.done = true;
		}

		const stream = Readable.from(body(), { objectMode: false });
		// The client went away mid-export: the server's pipe only unpipes (and leaves the stream
		// paused forever); stop generating instead.
		const unpipe = stream.unpipe.bind(stream);
		stream.unpipe = (destination) => {
			const result = unpipe(destination);
			if (!stream.readableEnded) {
				track.aborted = true;
				stream.destroy();
			}
			return result;
		};
		return {
			status: 200,
			headers: { 'content-type': 'application/json; charset=utf-8' },
			body: stream,
		};
	});
}
