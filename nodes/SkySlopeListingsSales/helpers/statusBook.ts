import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

/**
 * The status of every listing and sale the account can see, as SkySlope last wrote it: what the
 * Status Changed trigger compares each change with, so that it fires only for a status that really
 * changed, and never for a file it merely had not seen before.
 *
 * Kept compactly in the workflow's static data, for a brokerage of 150,000 files: each file is an
 * 11-character key (the first 64 bits of the SHA-256 of its type and GUID, base64url), and the keys
 * are grouped by status, one string per status. 150,000 files take 1.6 MB (11 bytes a file); two
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

export function fileBookKey(type: string, guid: string): string {
	return createHash('sha256').update(`${type}:${guid.toLowerCase()}`).digest().subarray(0, 8).toString('base64url');
}

export class StatusBook {
	private readonly statusOf = new Map<string, string>();

	constructor(readonly types: string[]) {}

	static from(data: StatusBookData): StatusBook {
		const book = new StatusBook([...data.types]);
		for (const [status, keys] of Object.entries(data.byStatus)) {
			for (let i = 0; i + KEY_LENGTH <= keys.length; i += KEY_LENGTH) book.statusOf.set(keys.slice(i, i + KEY_LENGTH), status);
		}
		return book;
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
		return this.statusOf.size;
	}

	/** The status last known for a file, as SkySlope wrote it; undefined for a file never seen. */
	get(type: string, guid: string): string | undefined {
		return this.statusOf.get(fileBookKey(type, guid));
	}

	set(type: string, guid: string, status: string): void {
		this.statusOf.set(fileBookKey(type, guid), status);
	}

	toData(): StatusBookData {
		const grouped = new Map<string, string[]>();
		for (const [key, status] of this.statusOf) {
			const keys = grouped.get(status);
			if (keys) keys.push(key);
			else grouped.set(status, [key]);
		}
		const byStatus: Record<string, string> = {};
		for (const [status, keys] of grouped) byStatus[status] = keys.join('');
		return { types: [...this.types], byStatus };
	}
}
