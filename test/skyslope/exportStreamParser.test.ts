import type { IDataObject } from 'n8n-workflow';

import { ExportStreamError, parseExportStream } from '../../nodes/SkySlope/listingsSales/helpers/exportStreamParser';

/** mulberry32: a small seeded generator, so every run sees the same "random" streams. */
function rng(seed: number) {
	let a = seed >>> 0;
	const next = () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	return {
		next,
		int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
		pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
	};
}
type Rng = ReturnType<typeof rng>;

const FRAGMENTS = ['Main St', 'é', 'Zoë', '日本', '😀', '"quoted"', 'back\\slash', '{brace}', '[x]', ',\n', 'tab\t', '€', ' '];

function randomString(r: Rng): string {
	let s = '';
	const n = r.int(0, 6);
	for (let i = 0; i < n; i++) s += r.pick(FRAGMENTS);
	return s;
}

function randomValue(r: Rng, depth: number): unknown {
	const kind = r.int(0, depth > 2 ? 3 : 5);
	switch (kind) {
		case 0:
			return randomString(r);
		case 1:
			return r.int(-1000, 100000) / r.pick([1, 100]);
		case 2:
			return r.pick([true, false, null]);
		case 3:
			return `${r.int(0, 1e9)}`;
		case 4:
			return Array.from({ length: r.int(0, 3) }, () => randomValue(r, depth + 1));
		default: {
			const o: IDataObject = {};
			for (let i = r.int(0, 4); i > 0; i--) o[`k${i}${randomString(r)}`] = randomValue(r, depth + 1) as IDataObject;
			return o;
		}
	}
}

function randomObjects(r: Rng): IDataObject[] {
	const objects: IDataObject[] = [];
	for (let i = r.int(1, 12); i > 0; i--) {
		const type = r.pick(['listing', 'sale'] as const);
		objects.push({
			objectType: type,
			[`${type}Guid`]: `${r.int(1e7, 9e7)}-aaaa-bbbb-cccc-${r.int(1e11, 9e11)}`,
			status: r.pick(['active', 'pending', 'closed']),
			property: { streetName: randomString(r), extra: randomValue(r, 1) as IDataObject },
			sellers: [{ firstName: randomString(r) }],
			listingPrice: r.int(1, 5e6) / 100,
		});
	}
	return objects;
}

const CONTROL = ['\u0000', '\u0001', '\u001a'];

/** The body as a service would send it, then with stray control characters at random places. */
function hostileBody(r: Rng, objects: IDataObject[]): string {
	let body = r.next() < 0.7 ? '\ufeff' : '';
	for (const o of objects) body += `${JSON.stringify(o)},${r.pick(['\n', '\r\n'])}`;
	const chars = Array.from(body); // code points: never split a surrogate pair
	const out: string[] = [];
	for (const ch of chars) {
		while (r.next() < 0.04) out.push(r.pick(CONTROL));
		out.push(ch);
	}
	return out.join('');
}

/** Random byte chunks: often a single byte, so multi-byte characters get split. */
function chunkBytes(r: Rng, bytes: Uint8Array): Uint8Array[] {
	const chunks: Uint8Array[] = [];
	for (let i = 0; i < bytes.length; ) {
		const size = r.next() < 0.3 ? 1 : r.int(1, 64);
		chunks.push(bytes.subarray(i, i + size));
		i += size;
	}
	return chunks;
}

async function* asStream(chunks: Array<Uint8Array | string>, failAfter?: number) {
	let n = 0;
	for (const c of chunks) {
		if (failAfter !== undefined && n++ === failAfter) throw new Error('socket hang up');
		yield c;
	}
}

async function collect(stream: AsyncIterable<Uint8Array | string>) {
	const out: IDataObject[] = [];
	for await (const o of parseExportStream(stream)) out.push(o);
	return out;
}

describe('bulk export stream parser', () => {
	it('reads the spec chunk format', async () => {
		const body = '{"objectType":"summary","numberOfSales":1},\n{"objectType":"sale","saleGuid":"x"},\n';
		expect(await collect(asStream([body]))).toEqual([
			{ objectType: 'summary', numberOfSales: 1 },
			{ objectType: 'sale', saleGuid: 'x' },
		]);
	});

	it('survives a BOM, control characters between and inside objects, and a split UTF-8 character', async () => {
		const bytes = new TextEncoder().encode(
			'\ufeff\u0000{"a":"Zo\u0001ë\u001a",\u0000"b":[1,\u001a2]},\n\u001a\u0001{"c":"😀"},\n\u0000',
		);
		// split inside the 2-byte ë and inside the 4-byte emoji
		const e = bytes.indexOf(0xc3);
		const f = bytes.indexOf(0xf0);
		const chunks = [bytes.subarray(0, e + 1), bytes.subarray(e + 1, f + 2), bytes.subarray(f + 2)];
		expect(await collect(asStream(chunks))).toEqual([{ a: 'Zoë', b: [1, 2] }, { c: '😀' }]);
	});

	it('accepts a body wrapped as a JSON array too', async () => {
		expect(await collect(asStream(['[{"a":1},\n{"b":"}"}]']))).toEqual([{ a: 1 }, { b: '}' }]);
	});

	it('property: random objects, random chunking, random control bytes, BOM -> the same objects', async () => {
		for (let seed = 1; seed <= 300; seed++) {
			const r = rng(seed);
			const objects = randomObjects(r);
			const bytes = new TextEncoder().encode(hostileBody(r, objects));
			const out = await collect(asStream(chunkBytes(r, bytes)));
			if (JSON.stringify(out) !== JSON.stringify(objects)) {
				throw new Error(`seed ${seed}: objects differ`);
			}
		}
	});

	it('property: a stream cut off inside an object is an error naming how many objects arrived', async () => {
		for (let seed = 1000; seed < 1150; seed++) {
			const r = rng(seed);
			const objects = randomObjects(r);
			const texts = objects.map((o) => `${JSON.stringify(o)},\n`);
			const k = r.int(0, objects.length - 1);
			const partial = texts[k];
			const cut = texts.slice(0, k).join('') + partial.slice(0, r.int(1, partial.length - 4));
			const bytes = new TextEncoder().encode(cut);
			let error: unknown;
			try {
				await collect(asStream(chunkBytes(r, bytes)));
			} catch (e) {
				error = e;
			}
			expect(error).toBeInstanceOf(ExportStreamError);
			expect((error as ExportStreamError).received).toBe(k);
			expect((error as Error).message).toContain(`after ${k} complete object`);
		}
	});

	it('a connection that breaks mid-body names the objects received', async () => {
		const chunks = ['{"a":1},\n', '{"b":2},\n', '{"c":'];
		await expect(collect(asStream(chunks, 2))).rejects.toThrow('broke off after 2 complete objects');
	});

	it('holds no more than the object being read: each object comes out before the next chunk is read', async () => {
		const big = `{"pad":"${'x'.repeat(1000)}"},\n`;
		let given = 0;
		let read = 0;
		// The stream hands on a chunk only once every object of the chunks before it came out.
		async function* chunks() {
			for (let i = 0; i < 2000; i++) {
				expect(given).toBe(i);
				read++;
				yield new TextEncoder().encode(big);
			}
		}
		for await (const object of parseExportStream(chunks())) {
			expect(String(object.pad)).toHaveLength(1000);
			given++;
		}
		expect({ read, given }).toEqual({ read: 2000, given: 2000 });
	});
});
