// The status book is searched where it lies (each status's keys sorted, binary search) and this
// poll's changes merged in once: the same answers as a plain map of every file, on random files
// and moves, and a book written by an earlier version (keys in the order it read them) reads the same.
import { createHash } from 'node:crypto';

import { StatusBook, type StatusBookData } from '../../nodes/SkySlope/listingsSales/helpers/statusBook';

/** A file's key as a stored book holds it: the first 8 bytes of SHA-256 of `type:guid`, in base64url. */
const fileBookKey = (type: string, guid: string) => createHash('sha256').update(`${type}:${guid.toLowerCase()}`).digest().subarray(0, 8).toString('base64url');

/** A small deterministic random generator (mulberry32). */
function random(seed: number): () => number {
	let a = seed;
	return () => {
		a = (a + 0x6d2b79f5) | 0;
		let t = Math.imul(a ^ (a >>> 15), 1 | a);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

const STATUSES = ['Active', 'Pending', 'Closed', 'Canceled/App', 'Expired'];
const guid = (n: number) => `0000${n.toString(16).padStart(4, '0')}-aaaa-bbbb-cccc-${n.toString(16).padStart(12, '0')}`;

describe('the status book', () => {
	it('answers as a map of every file would, over polls of sets and moves, and stays sorted and compact', () => {
		const next = random(7);
		const model = new Map<string, string>();
		let data: StatusBookData = new StatusBook(['listing', 'sale']).toData();
		for (let poll = 0; poll < 5; poll++) {
			const book = StatusBook.from(data);
			for (let n = 0; n < 2000; n++) {
				const type = next() < 0.6 ? 'listing' : 'sale';
				const id = guid(Math.floor(next() * 6000));
				const status = STATUSES[Math.floor(next() * STATUSES.length)];
				expect(book.get(type, id)).toBe(model.get(`${type}:${id}`));
				book.set(type, id, status);
				model.set(`${type}:${id}`, status);
				expect(book.get(type, id)).toBe(status);
			}
			expect(book.size).toBe(model.size);
			data = JSON.parse(JSON.stringify(book.toData())) as StatusBookData;
			const stored = Object.values(data.byStatus).join('');
			expect(stored.length).toBe(model.size * 11);
			for (const keys of Object.values(data.byStatus)) {
				const list = keys.match(/.{11}/g) ?? [];
				expect(list).toEqual([...list].sort());
			}
		}
		const book = StatusBook.from(data);
		expect(book.size).toBe(model.size);
		for (const [file, status] of model) {
			const [type, id] = file.split(':');
			expect(book.get(type, id)).toBe(status);
		}
		expect(book.get('sale', guid(99_999))).toBeUndefined();
	});

	it('reads a book an earlier version wrote (keys unsorted) and writes it sorted', () => {
		const files = Array.from({ length: 500 }, (_, i) => guid(i));
		const byStatus = {
			Closed: files.slice(0, 300).map((g) => fileBookKey('sale', g)).join(''),
			Active: files.slice(300).map((g) => fileBookKey('listing', g)).join(''),
		};
		expect(byStatus.Closed.match(/.{11}/g)).not.toEqual([...(byStatus.Closed.match(/.{11}/g) ?? [])].sort());
		const book = StatusBook.from({ types: ['listing', 'sale'], byStatus });
		expect(book.size).toBe(500);
		expect(book.get('sale', files[17])).toBe('Closed');
		expect(book.get('listing', files[417])).toBe('Active');
		expect(book.get('listing', files[17])).toBeUndefined();
		book.set('listing', files[417], 'Pending');
		const data = book.toData();
		expect(data.byStatus.Closed.length).toBe(300 * 11);
		expect(data.byStatus.Active.length).toBe(199 * 11);
		expect(data.byStatus.Pending).toBe(fileBookKey('listing', files[417]));
		expect(data.byStatus.Closed.match(/.{11}/g)).toEqual([...(byStatus.Closed.match(/.{11}/g) ?? [])].sort());
	});
});
