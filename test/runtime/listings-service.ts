// The listings-and-sales service's side of the model, for Status Changed: what the service did to
// every file's status (and when), and the oracle that holds the trigger's runs against it.
import type { INodeExecutionData } from 'n8n-workflow';

import { sameStatus } from '../../nodes/SkySlope/listingsSales/helpers/statuses';
import { newListing, newSale } from '../../sandbox/listings/activity';
import { iso, type Store } from '../../sandbox/listings/store';
import { SALE_STATUS_IDS, type Dto, type ListingStatus, type SaleStatus } from '../../sandbox/listings/types';
import { mulberry32 } from '../../sandbox/core/random';

const YEAR = 365 * 24 * 3600 * 1000;
/**
 * How far the service's clock may move from where the history set it (a `skew`), plus the longest
 * read (the model's latency, 30 s): how far off the node's reading of the service's clock may be.
 */
const MAX_SKEW_MS = 61_000 + 30_000;
const LISTING_STATUSES: ListingStatus[] = ['active', 'incomplete', 'expired', 'canceledPending', 'canceledApproved'];
const SALE_STATUSES: SaleStatus[] = ['pending', 'closed', 'archived', 'incomplete', 'expired', 'canceledPending', 'canceledApproved'];

export type FileCommand =
	/** A file entered now (or `future`: dated ahead of every clock, as a mistyped year makes it). */
	| { t: 'newFile'; sale: boolean; status: number; future?: boolean }
	/** A file's status changed (`future`: of the files dated ahead of every clock). */
	| { t: 'status'; pick: number; status: number; future?: boolean }
	/** A file changed, its status not. */
	| { t: 'touch'; pick: number }
	| { t: 'delete'; pick: number };

interface FileTruth {
	type: 'listing' | 'sale';
	guid: string;
	/** Its statuses, each with the model's time it took it. */
	statuses: Array<{ status: string; at: number }>;
	deleted: boolean;
	future: boolean;
	/** Every modification: its stamp on the service's clock (modifiedOn, ms) and the model's time. */
	mods: Array<{ stamp: number; at: number }>;
}

/**
 * The status a file holds, since when it has held it: a status it left the moment it took it (two
 * changes at one instant of the model) was never there for any read, and a move back to the status
 * it left is no move.
 */
function lastHeld(f: FileTruth): { status: string; at: number } {
	const held = f.statuses.filter((s, n) => f.statuses[n + 1]?.at !== s.at);
	let since = held.length - 1;
	while (since > 0 && sameStatus(held[since - 1].status, held[since].status)) since--;
	return { status: held[held.length - 1].status, at: held[since].at };
}

/** What n8n's runtime knows of a run's reads (harness/n8n-runtime/polls.ts, `readFrom` and `mayFollowNewer`). */
export interface RunReads {
	readFrom: number;
	mayFollowNewer: boolean;
	/** A sibling trigger's save put back a state older than this run's (limits (3) and (4)). */
	putBack?: boolean;
}

/** The file's modifications a read stamped `modifiedOn` came after (to the second, as the service stamps). */
function readAfter(f: FileTruth, modifiedOn: unknown): number[] {
	const second = Math.floor(Date.parse(String(modifiedOn)) / 1000);
	return f.mods.flatMap((m, n) => (Math.floor(m.stamp / 1000) === second ? [n] : []));
}

export class FilesHistory {
	readonly files = new Map<string, FileTruth>();
	watchFrom = Number.POSITIVE_INFINITY;
	private readonly rng = mulberry32(0x5747);

	/** `now`: the service's clock (its stamps); `trueNow`: the model's, which orders what happened. */
	constructor(
		private readonly store: Store,
		private readonly now: () => number,
		private readonly trueNow: () => number,
	) {
		for (const rec of store.listings.values()) this.learn('listing', rec.dto, Number.NEGATIVE_INFINITY);
		for (const rec of store.sales.values()) this.learn('sale', rec.dto, Number.NEGATIVE_INFINITY);
	}

	private learn(type: 'listing' | 'sale', dto: Dto, at: number, future = false): FileTruth {
		const guid = String(type === 'sale' ? dto.saleGuid : dto.listingGuid).toLowerCase();
		const stamp = Date.parse(String(dto.modifiedOn ?? dto.createdOn));
		const truth: FileTruth = { type, guid, statuses: [{ status: String(dto.status), at }], deleted: false, future, mods: [{ stamp, at }] };
		this.files.set(`${type}:${guid}`, truth);
		return truth;
	}

	private dto(truth: FileTruth): Dto | undefined {
		const map = truth.type === 'sale' ? this.store.sales : this.store.listings;
		for (const [key, rec] of map) if (key.toLowerCase() === truth.guid) return rec.dto;
		return undefined;
	}

	private live(future?: boolean): FileTruth[] {
		return [...this.files.values()].filter((f) => !f.deleted && (future === undefined || f.future === future)).sort((a, b) => (a.guid < b.guid ? -1 : 1));
	}

	apply(command: FileCommand): string {
		if (command.t === 'newFile') {
			// A mistyped year puts a file ahead of every clock: no creation-year slice reads it.
			const created = command.future ? this.now() + 20 * YEAR : this.now();
			const rec = command.sale
				? newSale(this.store, this.rng, created, SALE_STATUSES[command.status % SALE_STATUSES.length])
				: newListing(this.store, this.rng, created, LISTING_STATUSES[command.status % LISTING_STATUSES.length]);
			rec.dto.modifiedOn = iso(this.now());
			const truth = this.learn(command.sale ? 'sale' : 'listing', rec.dto, this.trueNow(), command.future === true);
			return `${truth.type} ${truth.guid} entered in ${String(rec.dto.status)}${command.future ? ', dated ahead of every clock' : ''}`;
		}
		const files = this.live(command.t === 'status' ? command.future : undefined);
		if (!files.length) return `no file to ${command.t}`;
		const truth = files[command.pick % files.length];
		const dto = this.dto(truth);
		if (!dto) return `no file to ${command.t}`;
		if (command.t === 'delete') {
			(truth.type === 'sale' ? this.store.sales : this.store.listings).delete(String(truth.type === 'sale' ? dto.saleGuid : dto.listingGuid));
			truth.deleted = true;
			return `${truth.type} ${truth.guid} deleted`;
		}
		dto.modifiedOn = iso(this.now());
		truth.mods.push({ stamp: this.now(), at: this.trueNow() });
		if (command.t === 'touch') return `${truth.type} ${truth.guid} changed, its status not`;
		const choices: string[] = truth.type === 'sale' ? SALE_STATUSES : LISTING_STATUSES;
		const status = choices.filter((s) => s !== dto.status)[command.status % (choices.length - 1)];
		dto.status = status;
		if (truth.type === 'sale') dto.statusId = SALE_STATUS_IDS[status as SaleStatus];
		truth.statuses.push({ status, at: this.trueNow() });
		return `${truth.type} ${truth.guid} moved to ${status}`;
	}

	/**
	 * What the runs did wrong, in words (none: exact). Per file, each event moves it from the status
	 * last reported (the one it had when the watch began, before any) to another it really took
	 * after the watch began; a file entered after the watch began comes first with no earlier status;
	 * an earlier status the trigger could not know is said to be unknown. In the end, every file
	 * still there was last reported in the status it holds.
	 */
	check(runs: INodeExecutionData[][], targets: string[] = [], repollOf: Array<number | undefined> = [], { ordered = false, reads = [] }: { ordered?: boolean; reads?: RunReads[] } = {}): string[] {
		const wrong = this.checkFresh(runs, reads, (item) => (item.json.objectType === 'sale' ? 'sale' : 'listing'));
		if (targets.length) return [...wrong, ...this.checkFiltered(runs, targets)];
		const last = new Map<string, string | undefined>();
		/** Per file: the run of its last report, and what it was last reported in (or held when the watch began) before it. */
		const lastFrom = new Map<string, { run: number; known: string | undefined }>();
		/** What had been reported of each file once the first n runs had started. */
		const reportedAfter: Array<Map<string, string | undefined>> = [new Map()];
		/**
		 * The lines of reports the node's state may carry on, each a file's status as last reported in
		 * it: the watch's own, and one from every state put back and polled again (repollOf: n8n ran
		 * both, limit (3)). The run that polled it and the runs from its save report from where that
		 * state left a file, while the process whose report was put back carries on from its memory.
		 * Without a repoll there is one line, and every report is from the status last reported.
		 */
		const lines: Array<Map<string, string | undefined>> = [new Map()];
		const atWatch = (f: FileTruth): string | undefined => {
			const before = f.statuses.filter((s) => s.at < this.watchFrom);
			return before.length ? before[before.length - 1].status : undefined;
		};
		// Within the service's clock's distance of the watch's start, either side, which came first
		// cannot be told: a change (or a file entered) then may be taken for what the watch began
		// with, or for the watch's first change.
		const graceStart = this.watchFrom - MAX_SKEW_MS;
		const graceEnd = this.watchFrom + MAX_SKEW_MS;
		const startStatuses = (f: FileTruth): Array<string | undefined> => {
			const before = f.statuses.filter((s) => s.at < graceStart);
			return [before.length ? before[before.length - 1].status : undefined, ...f.statuses.filter((s) => s.at >= graceStart && s.at < graceEnd).map((s) => s.status)];
		};
		const isStart = (f: FileTruth, status: unknown) => startStatuses(f).some((s) => (s === undefined ? status === undefined : sameStatus(s, status)));
		/**
		 * `ordered`: no run reports a read older than one another run already reported from, but where
		 * the node says it may (`reads`' `mayFollowNewer`: under limit (3), a read again after a late
		 * poll that is late too goes out at the next tick as it was read, and another main, its report
		 * put back by the sibling trigger, may have read later; docs/ARCHITECTURE.md, "A poll past
		 * n8n's timeout"). A report's `modifiedOn` tells which of the file's modifications its read
		 * came after (to the second, as the service stamps).
		 */
		/** Per file: the latest modification a report so far was surely read after, and that report's modifiedOn. */
		const newest = new Map<string, { mod: number; modifiedOn: string }>();
		const inOrder = (f: FileTruth, where: string, modifiedOn: unknown, mayFollowNewer: boolean) => {
			if (!ordered) return;
			const mods = readAfter(f, modifiedOn);
			if (!mods.length) return;
			const seen = newest.get(f.guid);
			if (seen && Math.max(...mods) < seen.mod && !mayFollowNewer) wrong.push(`${where}: read as modified at ${String(modifiedOn)}, after a report read as modified at ${seen.modifiedOn}`);
			if (!seen || mods[0] > seen.mod) newest.set(f.guid, { mod: mods[0], modifiedOn: String(modifiedOn) });
		};
		for (const [r, run] of runs.entries()) {
			if (repollOf[r] !== undefined) lines.push(new Map(reportedAfter[repollOf[r]!]));
			for (const item of run) {
				const type = item.json.objectType === 'sale' ? 'sale' : 'listing';
				const guid = String(type === 'sale' ? item.json.saleGuid : item.json.listingGuid).toLowerCase();
				const f = this.files.get(`${type}:${guid}`);
				if (!f) {
					wrong.push(`${type} ${guid}: reported, and the service never had it`);
					continue;
				}
				const where = `${type} ${guid} to ${String(item.json.status)}`;
				inOrder(f, where, item.json.modifiedOn, reads[r]?.mayFollowNewer === true);
				const reportedBefore = last.has(f.guid);
				const known = reportedBefore ? last.get(f.guid) : atWatch(f);
				last.set(f.guid, String(item.json.status));
				lastFrom.set(f.guid, { run: r, known });
				if (item.json.previousStatusUnknown === true) {
					// Said so: the file changed before the trigger had read its status (the service keeps no
					// earlier status), so this may be no change at all; it must be a status the file had.
					const had = f.statuses.some((s, n) => (s.at >= this.watchFrom || f.statuses[n + 1]?.at === undefined || f.statuses[n + 1].at >= this.watchFrom) && sameStatus(s.status, item.json.status));
					if (!had) wrong.push(`${where}: a status it did not have after the watch began`);
					// The lines that had not reported the file yet: the report came from one of them.
					for (const line of lines) if (!line.has(f.guid)) line.set(f.guid, String(item.json.status));
					lines[0].set(f.guid, String(item.json.status));
					continue;
				}
				const took = f.statuses.some((s) => s.at >= graceStart && sameStatus(s.status, item.json.status));
				if (!took) wrong.push(`${where}: a status it did not take after the watch began`);
				const from = item.json.previousStatus === null ? undefined : item.json.previousStatus;
				const fromLine = (line: Map<string, string | undefined>) => (line.has(f.guid) ? from !== undefined && sameStatus(from, line.get(f.guid)) : isStart(f, from));
				const matched = lines.filter(fromLine);
				if (!matched.length) {
					wrong.push(`${where}: from ${String(from ?? 'nothing (new)')}, and it was in ${String(known ?? 'nothing')}`);
					if (known !== undefined && sameStatus(known, item.json.status) && reportedBefore) wrong.push(`${where}: reported again`);
				} else if (matched.some((line) => line.has(f.guid) && sameStatus(line.get(f.guid), item.json.status))) wrong.push(`${where}: reported again`);
				for (const line of matched.length ? matched : [lines[0]]) line.set(f.guid, String(item.json.status));
			}
			reportedAfter.push(new Map(last));
		}
		for (const f of this.files.values()) {
			if (f.deleted) continue;
			const now = f.statuses[f.statuses.length - 1].status;
			// Limits (3) and (4) together (docs/ARCHITECTURE.md): the last report's save was thrown out by
			// a sibling trigger's, and the file went back to the status the state put back holds for it.
			// A process that polls that state finds no move; the one that reported carries on from its
			// memory, but no tick of it need come.
			const from = lastFrom.get(f.guid);
			const hidden = from !== undefined && reads[from.run]?.putBack === true && from.known !== undefined && sameStatus(from.known, now);
			if (last.has(f.guid) ? !sameStatus(last.get(f.guid), now) && !hidden : !isStart(f, now)) {
				wrong.push(`${f.type} ${f.guid}: in ${now}, last reported in ${String(last.get(f.guid) ?? atWatch(f) ?? 'nothing')}`);
			}
		}
		return wrong;
	}

	/**
	 * No report is older than the poll its run may carry a read of (`reads`' `readFrom`): a file
	 * modified again before that poll began was read after the change, and a report of what came
	 * before it is a read the node should have replaced (a late poll's items kept past the read
	 * again that covered them).
	 */
	private checkFresh(runs: INodeExecutionData[][], reads: RunReads[], typeOf: (item: INodeExecutionData) => 'listing' | 'sale'): string[] {
		const wrong: string[] = [];
		for (const [r, run] of runs.entries()) {
			const readFrom = reads[r]?.readFrom;
			if (readFrom === undefined) continue;
			for (const item of run) {
				const type = typeOf(item);
				const f = this.files.get(`${type}:${String(type === 'sale' ? item.json.saleGuid : item.json.listingGuid).toLowerCase()}`);
				if (!f) continue;
				const mods = readAfter(f, item.json.modifiedOn);
				if (!mods.length) continue;
				const since = f.mods.find((m, n) => n > Math.max(...mods) && m.at < readFrom);
				if (since) wrong.push(`${type} ${f.guid} at ${String(item.json.modifiedOn)}: read before a modification (${iso(since.stamp)}) made before the poll it came from began`);
			}
		}
		return wrong;
	}

	/**
	 * New and Changed events (`newListing`, `changedSale`, ...): a file of the event's type entered
	 * after the watch began is reported new once, and none from before; each modification made after
	 * the watch began is reported at most once, and every file's last one is reported. Within the
	 * service's clock's distance of the watch's start either way, what came first cannot be told.
	 */
	checkEvents(runs: INodeExecutionData[][], event: string, reads: RunReads[] = []): string[] {
		const type = event.endsWith('Listing') ? 'listing' : 'sale';
		const wrong = this.checkFresh(runs, reads, () => type);
		const isNew = event.startsWith('new');
		const graceStart = this.watchFrom - MAX_SKEW_MS;
		const graceEnd = this.watchFrom + MAX_SKEW_MS;
		const second = (ms: number) => Math.floor(ms / 1000);
		const reported = new Map<string, number[]>();
		for (const item of runs.flat()) {
			const guid = String(item.json[type === 'sale' ? 'saleGuid' : 'listingGuid'] ?? '').toLowerCase();
			const f = this.files.get(`${type}:${guid}`);
			if (!f) {
				wrong.push(`${event} ${guid || JSON.stringify(item.json).slice(0, 80)}: reported, and the service never had it as a ${type}`);
				continue;
			}
			const seen = reported.get(guid) ?? [];
			if (isNew) {
				if (f.mods[0].at < graceStart) wrong.push(`${event} ${guid}: entered before the watch began`);
				if (seen.length) wrong.push(`${event} ${guid}: reported new again`);
				reported.set(guid, [...seen, 0]);
				continue;
			}
			const stamp = second(Date.parse(String(item.json.modifiedOn)));
			const mod = f.mods.find((m) => second(m.stamp) === stamp);
			if (!mod) wrong.push(`${event} ${guid} at ${String(item.json.modifiedOn)}: a modification the service never made`);
			else if (mod.at < graceStart && !f.mods.some((m) => second(m.stamp) === stamp && m.at >= graceStart)) wrong.push(`${event} ${guid} at ${String(item.json.modifiedOn)}: a modification from before the watch began`);
			if (seen.includes(stamp)) wrong.push(`${event} ${guid} at ${String(item.json.modifiedOn)}: reported again`);
			reported.set(guid, [...seen, stamp]);
		}
		for (const f of this.files.values()) {
			if (f.type !== type || f.deleted) continue;
			const last = f.mods[f.mods.length - 1];
			if (isNew ? f.mods[0].at >= graceEnd && !reported.has(f.guid) : last.at >= graceEnd && !(reported.get(f.guid) ?? []).includes(second(last.stamp))) {
				wrong.push(`${f.type} ${f.guid}: ${isNew ? 'entered' : 'last modified'} after the watch began, never reported`);
			}
		}
		return wrong;
	}

	/**
	 * With a Statuses filter: a change into a status not asked for is not reported, so the status a
	 * file left (`previousStatus`) may be one no run named. Each event is a move into a status asked
	 * for, that the file really took after the watch began, from a status it held (before the watch,
	 * or after); in the end, every file that moved after the watch began and holds a status asked for
	 * was last reported in it.
	 */
	private checkFiltered(runs: INodeExecutionData[][], targets: string[]): string[] {
		const wrong: string[] = [];
		const graceStart = this.watchFrom - MAX_SKEW_MS;
		const last = new Map<string, string>();
		const held = (f: FileTruth, status: unknown) =>
			f.statuses.some((s, n) => (s.at >= graceStart || f.statuses[n + 1] === undefined || f.statuses[n + 1].at >= graceStart) && sameStatus(s.status, status));
		for (const item of runs.flat()) {
			const type = item.json.objectType === 'sale' ? 'sale' : 'listing';
			const guid = String(type === 'sale' ? item.json.saleGuid : item.json.listingGuid).toLowerCase();
			const f = this.files.get(`${type}:${guid}`);
			const where = `${type} ${guid} to ${String(item.json.status)}`;
			if (!f) {
				wrong.push(`${type} ${guid}: reported, and the service never had it`);
				continue;
			}
			if (!targets.some((t) => sameStatus(t, item.json.status))) wrong.push(`${where}: a status not asked for (${targets.join(', ')})`);
			// Said so (`previousStatusUnknown`): the file changed before its status was read, and this
			// may be no change at all; it must be a status the file held.
			const unknown = item.json.previousStatusUnknown === true;
			if (unknown ? !held(f, item.json.status) : !f.statuses.some((s) => s.at >= graceStart && sameStatus(s.status, item.json.status))) {
				wrong.push(`${where}: a status it did not ${unknown ? 'hold' : 'take'} after the watch began`);
			}
			const from = item.json.previousStatus;
			if (from !== null && from !== undefined && !unknown && !held(f, from)) wrong.push(`${where}: from ${String(from)}, a status it did not hold`);
			if (from !== null && from !== undefined && sameStatus(from, item.json.status)) wrong.push(`${where}: from the same status`);
			last.set(`${type}:${guid}`, String(item.json.status));
		}
		const graceEnd = this.watchFrom + MAX_SKEW_MS;
		for (const [key, f] of this.files) {
			if (f.deleted) continue;
			const now = lastHeld(f);
			// A move inside the grace may be taken for the status the watch began with.
			if (now.at < graceEnd || !targets.some((t) => sameStatus(t, now.status))) continue;
			if (!sameStatus(last.get(key), now.status)) wrong.push(`${f.type} ${f.guid}: in ${now.status} (asked for), last reported in ${last.get(key) ?? 'nothing'}`);
		}
		return wrong;
	}
}
