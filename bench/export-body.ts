// Bulk export bodies in the sandbox's own format (sandbox/listings/export.ts): a byte-order mark,
// `[`, every object as `{...},\n` with raw \u0000 \u0001 \u001A between and inside objects, `]`,
// cut into socket-sized chunks at arbitrary bytes (so UTF-8 characters are split across chunks).
//
// The objects are the sandbox's generated listings and sales (a pool built once, then repeated
// with the index that decides where the control bytes go), so the parser sees exactly what the
// sandbox streams, without paying the sandbox's object building inside the timed runs.
import { chunkOf, generated } from '../sandbox/listings/export';
import { Store } from '../sandbox/listings/store';
import type { Dto } from '../sandbox/listings/types';

const BOM = '\uFEFF';
/** What a TCP read typically hands over (undici reads 64 KiB). */
export const CHUNK = 64 * 1024;

let pool: Dto[] | undefined;

export function objectPool(size = 1000): Dto[] {
	if (pool && pool.length >= size) return pool;
	const store = new Store({ seed: 7, now: Date.parse('2026-01-15T12:00:00Z') });
	pool = [];
	for (let i = 0; i < size; i++) pool.push(generated(store, i % 2 ? 'sale' : 'listing', i));
	return pool;
}

/**
 * The export body as chunks, made lazily: objects are added until `maxObjects` or `maxBytes`,
 * whichever comes first. Holds one chunk at a time: feeding a parser from it measures the parser,
 * not the body.
 */
export function* exportChunks(options: { maxObjects?: number; maxBytes?: number; clean?: boolean }): Generator<Buffer> {
	const objects = objectPool();
	const maxObjects = options.maxObjects ?? Number.POSITIVE_INFINITY;
	const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
	let pending: Buffer[] = [Buffer.from(options.clean ? '[' : `${BOM}[\n`, 'utf8')];
	let pendingBytes = pending[0].length;
	let total = 0;
	for (let i = 0; i < maxObjects && total + pendingBytes < maxBytes; i++) {
		const obj = objects[i % objects.length];
		const text = options.clean ? `${i ? ',' : ''}${JSON.stringify(obj)}` : chunkOf(obj, i);
		const buf = Buffer.from(text, 'utf8');
		pending.push(buf);
		pendingBytes += buf.length;
		if (pendingBytes >= CHUNK) {
			const joined = Buffer.concat(pending, pendingBytes);
			let at = 0;
			// Arbitrary cut points: CHUNK minus a few bytes, so cuts land anywhere in the text.
			for (let n = 0; joined.length - at >= CHUNK; n++) {
				const size = CHUNK - ((i + n) % 7);
				yield joined.subarray(at, at + size);
				at += size;
			}
			total += at;
			pending = [joined.subarray(at)];
			pendingBytes = pending[0].length;
		}
	}
	pending.push(Buffer.from(']', 'utf8'));
	yield Buffer.concat(pending);
}

/** The whole body in memory, as chunks (for timing runs that must not pay for making it). */
export function exportBody(options: { maxObjects?: number; maxBytes?: number; clean?: boolean }): {
	chunks: Buffer[];
	bytes: number;
} {
	const chunks: Buffer[] = [];
	let bytes = 0;
	for (const chunk of exportChunks(options)) {
		// Own copies: the generator's chunks are views of a shared buffer.
		chunks.push(Buffer.from(chunk));
		bytes += chunk.length;
	}
	return { chunks, bytes };
}
