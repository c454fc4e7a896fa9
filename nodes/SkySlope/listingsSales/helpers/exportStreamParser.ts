import type { IDataObject } from 'n8n-workflow';

/**
 * Incremental parser for the bulk export body (spec 4.2 rule 2): a sequence of top-level JSON
 * objects, each followed by `,` and a line break. Real exports also carry a byte-order mark and
 * stray control characters (U+0000, U+0001, U+001A, ...) between and inside objects, and a chunk
 * may end anywhere, including in the middle of a UTF-8 character.
 *
 * A small state machine tracks whether it is inside an object, inside a string, after a backslash,
 * and the bracket depth. Outside objects everything but `{` is skipped (commas, line breaks, a
 * wrapping `[`/`]`, junk). Inside objects, control characters and U+FEFF are dropped (JSON never
 * allows them raw inside strings; between tokens only space, tab, CR and LF are whitespace), so the
 * text handed to JSON.parse is exactly the object the service meant to send.
 *
 * Memory holds at most one object's text plus one decoded chunk; never the body.
 */
class ExportStreamParser {
	private readonly decoder = new TextDecoder('utf-8');

	/** Pieces of the object being read (kept as slices, joined once the object closes). */
	private pieces: string[] = [];

	private depth = 0;

	private inString = false;

	private escaped = false;

	/** Complete objects handed out so far. */
	count = 0;

	/** Feeds one chunk; returns the objects it completed, in order. */
	push(chunk: Uint8Array | string): IDataObject[] {
		const text = typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
		return this.scan(text);
	}

	/**
	 * Ends the stream. Returns the objects completed by the decoder's last bytes; throws when the
	 * body stopped inside an object (a cut-off stream), naming how many objects arrived whole.
	 */
	end(): IDataObject[] {
		const out = this.scan(this.decoder.decode());
		if (this.depth > 0) {
			throw new ExportStreamError(
				`The export stream ended in the middle of an object, after ${this.count} complete object${this.count === 1 ? '' : 's'}`,
				this.count,
			);
		}
		return out;
	}

	/** Whether the parser is between objects (nothing half-read). */
	get idle(): boolean {
		return this.depth === 0;
	}

	private scan(text: string): IDataObject[] {
		const out: IDataObject[] = [];
		let start = -1; // start of the current run of kept characters inside an object
		for (let i = 0; i < text.length; i++) {
			const c = text.charCodeAt(i);
			if (this.depth === 0) {
				if (c === 0x7b /* { */) {
					this.depth = 1;
					this.inString = false;
					this.escaped = false;
					this.pieces = [];
					start = i;
				}
				continue;
			}
			// Inside an object: drop control characters and byte-order marks.
			const isWhitespace = c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
			if ((c < 0x20 && !(isWhitespace && !this.inString)) || c === 0xfeff) {
				if (start >= 0 && start < i) this.pieces.push(text.slice(start, i));
				start = -1;
				continue;
			}
			if (start < 0) start = i;
			if (this.inString) {
				if (this.escaped) this.escaped = false;
				else if (c === 0x5c /* \ */) this.escaped = true;
				else if (c === 0x22 /* " */) this.inString = false;
				continue;
			}
			if (c === 0x22) this.inString = true;
			else if (c === 0x7b || c === 0x5b) this.depth++;
			else if (c === 0x7d || c === 0x5d) {
				this.depth--;
				if (this.depth === 0) {
					this.pieces.push(text.slice(start, i + 1));
					start = -1;
					out.push(this.finish());
				}
			}
		}
		if (this.depth > 0 && start >= 0 && start < text.length) this.pieces.push(text.slice(start));
		return out;
	}

	private finish(): IDataObject {
		const json = this.pieces.join('');
		this.pieces = [];
		let parsed: unknown;
		let problem: string | undefined;
		try {
			parsed = JSON.parse(json);
		} catch (error) {
			problem = (error as Error).message;
		}
		if (problem !== undefined) {
			throw new ExportStreamError(
				`Object ${this.count + 1} of the export stream is not valid JSON (${problem})`,
				this.count,
			);
		}
		this.count++;
		return parsed as IDataObject;
	}
}

/** A bulk export that could not be read to its end; `received` objects arrived whole before it. */
export class ExportStreamError extends Error {
	constructor(
		message: string,
		readonly received: number,
	) {
		super(message);
		this.name = 'ExportStreamError';
	}
}

/**
 * Reads an export body object by object. A stream that fails mid-way (connection reset) or ends
 * inside an object raises an ExportStreamError naming how many objects arrived whole.
 */
export async function* parseExportStream(
	stream: AsyncIterable<Uint8Array | string>,
): AsyncGenerator<IDataObject> {
	const parser = new ExportStreamParser();
	const iterator = stream[Symbol.asyncIterator]();
	let finished = false;
	try {
		yield* readAll(parser, iterator);
		finished = true;
	} finally {
		// A consumer that stops early (or a parse error) releases the connection.
		if (!finished && iterator.return) await iterator.return().then(ignore, ignore);
	}
}

async function* readAll(
	parser: ExportStreamParser,
	iterator: AsyncIterator<Uint8Array | string>,
): AsyncGenerator<IDataObject> {
	for (;;) {
		// Only the read is guarded: a parse error is thrown as it is, a read error is named.
		let step: IteratorResult<Uint8Array | string> | undefined;
		let broken: string | undefined;
		try {
			step = await iterator.next();
		} catch (error) {
			broken = (error as Error).message;
		}
		if (broken !== undefined || step === undefined) {
			throw new ExportStreamError(
				`The export stream broke off after ${parser.count} complete object${parser.count === 1 ? '' : 's'}: ${broken}`,
				parser.count,
			);
		}
		if (step.done) break;
		for (const object of parser.push(step.value)) yield object;
	}
	for (const object of parser.end()) yield object;
}

function ignore(): void {}
