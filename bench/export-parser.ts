/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// Figures 3 and 4: the listings-sales bulk export parser (nodes/SkySlope/listingsSales/helpers/exportStreamParser).
//
// 3. Throughput: the parser reading the raw body (BOM, control bytes, chunks cut anywhere) against
//    the obvious alternative on an easier input: read the whole CLEANED body (valid JSON, no BOM, no
//    control bytes), then one JSON.parse. Both sides get the same objects from memory, in the same
//    64 KiB chunks, and count the objects they get. The parser side is parseExportStream over a
//    Readable (what the node runs).
// 4. Memory: the parser fed lazily (the body never exists whole), its consumer counting and
//    dropping objects, at bodies of 10 to 100 MB and at the full 100,000 objects. Two numbers:
//    - retained: heap + array buffers after a forced full GC, sampled every 64 chunks, peak minus
//      the level before the run (what the parse keeps alive: the figure);
//    - peak: heap + array buffers sampled every chunk without forcing GC (garbage included:
//      what the process actually grows by, which depends on when V8 collects).
//    The read-all-then-parse alternative is measured the same way, for comparison.
import { Readable } from 'node:stream';

import { parseExportStream } from '../nodes/SkySlope/listingsSales/helpers/exportStreamParser';
import { exportBody, exportChunks, objectPool } from './export-body';
import { describeRuns, fmt, gc, mb, out, report, sideBySide } from './lib';

const OBJECTS = 100_000;

function usedBytes(): number {
	const m = process.memoryUsage();
	return m.heapUsed + m.arrayBuffers;
}

/** The node's parser (parseExportStream) over the chunks, as a stream: the objects it gives. */
async function parseStream(chunks: Iterable<Buffer>): Promise<number> {
	let count = 0;
	for await (const object of parseExportStream(Readable.from(chunks, { objectMode: false }))) {
		if (object) count++;
	}
	return count;
}

function readAllThenParse(chunks: Iterable<Buffer>, sample?: () => void): number {
	const all: Buffer[] = [];
	let size = 0;
	for (const chunk of chunks) {
		all.push(chunk);
		size += chunk.length;
	}
	const parsed = JSON.parse(Buffer.concat(all, size).toString('utf8')) as unknown[];
	sample?.();
	return parsed.length;
}

interface MemoryRun {
	bodyBytes: number;
	objects: number;
	retained: number;
	peak: number;
}

/** Runs `consume` over a lazily made body and samples memory while it runs. */
async function measureMemory(
	make: () => Generator<Buffer>,
	consume: (chunks: Iterable<Buffer>, sample: () => void) => number | Promise<number>,
): Promise<MemoryRun> {
	gc();
	const base = usedBytes();
	let retained = 0;
	let peak = 0;
	let bodyBytes = 0;
	let n = 0;
	const sampled = function* (): Generator<Buffer> {
		for (const chunk of make()) {
			bodyBytes += chunk.length;
			peak = Math.max(peak, usedBytes() - base);
			if (++n % 64 === 0) {
				gc();
				retained = Math.max(retained, usedBytes() - base);
			}
			yield chunk;
		}
		// The read-all side holds everything at this point: sample it before the parse too.
		gc();
		retained = Math.max(retained, usedBytes() - base);
	};
	const objects = await consume(sampled(), () => {
		peak = Math.max(peak, usedBytes() - base);
		gc();
		retained = Math.max(retained, usedBytes() - base);
	});
	peak = Math.max(peak, usedBytes() - base);
	return { bodyBytes, objects, retained, peak };
}

export async function exportParserBench(): Promise<void> {
	objectPool();
	out('Bulk export parser (figures 3, 4)');

	// --- 3: throughput -------------------------------------------------------------------------
	const raw = exportBody({ maxObjects: OBJECTS });
	const clean = exportBody({ maxObjects: OBJECTS, clean: true });
	const check = { raw: await parseStream(raw.chunks), clean: readAllThenParse(clean.chunks) };
	if (check.raw !== OBJECTS || check.clean !== OBJECTS) {
		throw new Error(`object counts differ: parser ${check.raw}, JSON.parse ${check.clean}, expected ${OBJECTS}`);
	}
	const detailBody = `body: ${OBJECTS} objects, ${mb(raw.bytes)} raw (${mb(clean.bytes)} cleaned), ${raw.chunks.length} chunks`;

	// Throughput ratio = (objects/s of the parser) / (objects/s of read-all + JSON.parse) = tB / tA.
	const runs = await sideBySide({
		a: () => parseStream(raw.chunks),
		b: () => readAllThenParse(clean.chunks),
		rounds: 5,
		minRounds: 3,
		budgetMs: 25_000,
	});
	const inv = (xs: number[]) => xs.map((x) => 1 / x);
	const stream = {
		...runs,
		ratios: inv(runs.ratios),
		median: 1 / runs.median,
		cpuRatios: inv(runs.cpuRatios),
		cpuMedian: 1 / runs.cpuMedian,
	};
	report({
		id: 3,
		what: 'parser throughput / read-all + JSON.parse of the cleaned body (parseExportStream over a stream, as the node runs it)',
		value: stream.median,
		target: '>= 0.8',
		detail: `${detailBody}\n${describeRuns(stream, 'parser', 'read-all+JSON.parse').replace('ratio per round', 'throughput ratio per round')}`,
	});
	raw.chunks.length = 0;
	clean.chunks.length = 0;

	// --- 4: memory -----------------------------------------------------------------------------
	const sizes = [10, 50, 100].map((m) => m * 1024 * 1024);
	const parserRuns: MemoryRun[] = [];
	for (const maxBytes of sizes) parserRuns.push(await measureMemory(() => exportChunks({ maxBytes }), parseStream));
	parserRuns.push(await measureMemory(() => exportChunks({ maxObjects: OBJECTS }), parseStream));
	const naiveRuns: MemoryRun[] = [];
	for (const maxBytes of [sizes[0], sizes[2]]) {
		naiveRuns.push(await measureMemory(() => exportChunks({ maxBytes, clean: true }), readAllThenParse));
	}
	const worst = Math.max(...parserRuns.map((r) => r.retained));
	const spread = worst - Math.min(...parserRuns.map((r) => r.retained));
	const line = (r: MemoryRun) =>
		`body ${mb(r.bodyBytes).padStart(9)}, ${String(r.objects).padStart(6)} objects: retained ${mb(r.retained).padStart(8)}, peak (no forced GC) ${mb(r.peak).padStart(8)}`;
	report({
		id: 4,
		what: 'parser: peak retained memory beyond the items (MB), worst over bodies of 10 MB to 100,000 objects',
		value: worst / 1024 / 1024,
		target: '<= 32',
		detail: [
			...parserRuns.map(line),
			`spread between the smallest and largest body: ${mb(spread)} (flat)`,
			'read-all-then-JSON.parse, for comparison (sampled after the parse: body and items, it cannot drop them):',
			...naiveRuns.map(line),
		].join('\n'),
	});
	out(`  (figure 4 flat: ${spread < 4 * 1024 * 1024 ? 'yes' : 'NO'}; spread ${fmt(spread / 1024 / 1024)} MB)`);
}
