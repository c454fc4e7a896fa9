/**
 * Fixed-width records packed in one string, sorted by the key each begins with (the triggers'
 * books): searched where they lie, with no object per record, so that a poll's memory does not grow
 * with the records a state keeps.
 */

/** Where the record of `key` begins (binary search), or -1. */
export function findRecord(packed: string, width: number, keyLength: number, key: string): number {
	let low = 0;
	let high = Math.floor(packed.length / width) - 1;
	while (low <= high) {
		const middle = (low + high) >>> 1;
		const at = middle * width;
		const found = packed.slice(at, at + keyLength);
		if (found === key) return at;
		if (found < key) low = middle + 1;
		else high = middle - 1;
	}
	return -1;
}

/**
 * The records sorted by key, each key once (the last kept) and whole records only: the same string
 * when it is so already. Earlier versions wrote their books in the order they recorded them.
 */
export function sortedRecords(packed: string, width: number, keyLength: number): string {
	const whole = packed.length - (packed.length % width);
	let sorted = whole === packed.length;
	for (let at = width; sorted && at < whole; at += width) sorted = packed.slice(at - width, at - width + keyLength) < packed.slice(at, at + keyLength);
	if (sorted) return packed;
	const byKey = new Map<string, string>();
	for (let at = 0; at < whole; at += width) byKey.set(packed.slice(at, at + keyLength), packed.slice(at, at + width));
	return [...byKey.keys()].sort().map((key) => byKey.get(key)).join('');
}
