import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import { findRecord, sortedRecords } from '../../shared/sortedRecords';

/**
 * The status of every listing and sale the account can see, as SkySlope last wrote it: what the
 * Status Changed trigger compares each change with, so that it fires only for a status that really
 * changed, and never for a file it merely had not seen before.
 *
 * Kept compactly in the workflow's static data, for a brokerage of 150,000 files: each file is an
 * 11-character key (the first 64 bits of the SHA-256 of its type and GUID, base64url), and the keys
 * are grouped by status, one sorted string per status. 150,000 files take 1.6 MB (11 bytes a file); two
 * files share a key with a chance of about one in a billion.
 */

const KEY_LENGTH = 11;

/** What the static data holds. */
export interface StatusBookData {
	/** The file types the book was read for. */
	types: string[];
	/** Per status as SkySlope wrote it, the keys of the files in it, concatenated. */
	byStatus: Record<string, string>;
}

export const fileType = (object: IDataObject): 'listing' | 'sale' | undefined =>
	object.objectType === 'sale' ? 'sale' : object.objectType === 'listing' ? 'listing' : undefined;

/** The GUID of an export object: its saleGuid or listingGuid by its type. */
export function fileGuid(object: IDataObject): string | undefined {
	const type = fileType(object);
	const guid = type === 'sale' ? object.saleGuid : type === 'listing' ? object.listingGuid : undefined;
	return typeof guid === 'string' && guid.trim() ? guid.trim().toLowerCase() : undefined;
}

function fileBookKey(type: string, guid: string): string {
	return createHash('sha256').update(`${type}:${guid.toLowerCase()}`).digest().subarray(0, 8).toString('base64url');
}

export class StatusBook {
	/** Per status as SkySlope wrote it, the keys of its files as stored: sorted, each once. */
	private readonly stored = new Map<string, string>();

	/** Files this poll set, key -> status: merged into the stored keys once, by toData. */
	private readonly changed = new Map<string, string>();

	/** Keys stored, and keys of `changed` that none of the stored ones is. */
	private count = 0;

	/**
	 * A book is searched where it lies (binary search in each status's keys), not read into an object
	 * per file: a poll's memory does not grow with the files the book holds (bench/RESULTS.md, figure 20).
	 */
	constructor(
		readonly types: string[],
		byStatus: Record<string, string> = {},
	) {
		for (const [status, keys] of Object.entries(byStatus)) {
			if (typeof keys !== 'string') continue;
			const sorted = sortedRecords(keys, KEY_LENGTH, KEY_LENGTH);
			this.stored.set(status, sorted);
			this.count += sorted.length / KEY_LENGTH;
		}
	}

	static from(data: StatusBookData): StatusBook {
		return new StatusBook([...data.types], data.byStatus);
	}

	/** Whether a stored book was read for these file types (another choice needs another read). */
	static fits(data: unknown, types: string[]): data is StatusBookData {
		if (!data || typeof data !== 'object') return false;
		const book = data as StatusBookData;
		return (
			Array.isArray(book.types) &&
			!!book.byStatus &&
			typeof book.byStatus === 'object' &&
			book.types.length === types.length &&
			types.every((t) => book.types.includes(t))
		);
	}

	get size(): number {
		return this.count;
	}

	/** The status last known for a file, as SkySlope wrote it; undefined for a file never seen. */
	get(type: string, guid: string): string | undefined {
		return this.statusOf(fileBookKey(type, guid));
	}

	set(type: string, guid: string, status: string): void {
		const key = fileBookKey(type, guid);
		if (!this.changed.has(key) && this.storedStatus(key) === undefined) this.count++;
		this.changed.set(key, status);
	}

	/**
	 * Takes the status `later` holds for each file this book holds in another, but the files of
	 * `except`: what a later read of the same files learned.
	 */
	carryFrom(later: StatusBook, except: Array<{ type: string; guid: string }>): void {
		const skip = new Set(except.map(({ type, guid }) => fileBookKey(type, guid)));
		for (const [status, keys] of later.stored) {
			for (let at = 0; at < keys.length; at += KEY_LENGTH) {
				const key = keys.slice(at, at + KEY_LENGTH);
				const mine = skip.has(key) ? undefined : this.statusOf(key);
				if (mine !== undefined && mine !== status) this.changed.set(key, status);
			}
		}
	}

	toData(): StatusBookData {
		const added = new Map<string, string[]>();
		for (const [key, status] of this.changed) {
			const keys = added.get(status);
			if (keys) keys.push(key);
			else added.set(status, [key]);
		}
		const byStatus: Record<string, string> = {};
		for (const status of new Set([...this.stored.keys(), ...added.keys()])) {
			const keys = this.merged(this.stored.get(status) ?? '', (added.get(status) ?? []).sort());
			if (keys) byStatus[status] = keys;
		}
		return { types: [...this.types], byStatus };
	}

	private statusOf(key: string): string | undefined {
		return this.changed.get(key) ?? this.storedStatus(key);
	}

	private storedStatus(key: string): string | undefined {
		for (const [status, keys] of this.stored) if (findRecord(keys, KEY_LENGTH, KEY_LENGTH, key) >= 0) return status;
		return undefined;
	}

	/** A status's stored keys without those this poll set, with `added` (sorted) merged in. */
	private merged(keys: string, added: string[]): string {
		// Nothing changed: the same string, not a copy of it.
		if (added.length === 0 && this.changed.size === 0) return keys;
		const parts: string[] = [];
		let run = -1;
		let next = 0;
		const flush = (to: number) => {
			if (run >= 0 && run < to) parts.push(keys.slice(run, to));
			run = -1;
		};
		for (let at = 0; at < keys.length; at += KEY_LENGTH) {
			const key = keys.slice(at, at + KEY_LENGTH);
			while (next < added.length && added[next] < key) {
				flush(at);
				parts.push(added[next++]);
			}
			if (this.changed.has(key)) flush(at);
			else if (run < 0) run = at;
		}
		flush(keys.length);
		while (next < added.length) parts.push(added[next++]);
		return parts.join('');
	}
}
