/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
import { crc32 as zlibCrc32 } from 'node:zlib';

import { ApiError, parseCalendarDate, parseId } from '../../sandbox/forms/http';
import { parseMultipart } from '../../sandbox/forms/multipart';
import { crc32, makePdf, makeZip } from '../../sandbox/forms/pdf';
import { seedForms } from '../../sandbox/forms/seed';
import { filterWith, sortWith, type SieveFields } from '../../sandbox/forms/sieve';
import { FormsStore } from '../../sandbox/forms/store';
import { unzip } from './forms-client';

function statusOf(fn: () => unknown): number | undefined {
	try {
		fn();
		return undefined;
	} catch (error) {
		return error instanceof ApiError ? error.status : -1;
	}
}

describe('forms sandbox parsers', () => {
	it('parses multipart bodies: quoted boundary, escaped filename, binary content with CRLFs', () => {
		const binary = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x0d, 0x0a, 0x2d, 0x2d, 0x00, 0xff]);
		const body = Buffer.concat([
			Buffer.from('preamble\r\n--b:1\r\nContent-Disposition: form-data; name="DocumentName"\r\n\r\nOffer "final"\r\n'),
			Buffer.from('--b:1\r\nContent-Disposition: form-data; name="DocumentBody"; filename="a \\"b\\".pdf"\r\nContent-Type: application/pdf\r\n\r\n'),
			binary,
			Buffer.from('\r\n--b:1--\r\nepilogue'),
		]);
		const parts = parseMultipart('multipart/form-data; boundary="b:1"', body);
		expect(parts.map((p) => p.name)).toEqual(['DocumentName', 'DocumentBody']);
		expect(parts[0].data.toString()).toBe('Offer "final"');
		expect(parts[1]).toMatchObject({ filename: 'a "b".pdf', contentType: 'application/pdf' });
		expect(parts[1].data.equals(binary)).toBe(true);
	});

	it('rejects multipart bodies without boundary, closing delimiter or part name', () => {
		const ok = Buffer.from('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n');
		expect(parseMultipart('multipart/form-data; boundary=x', ok)).toHaveLength(1);
		expect(statusOf(() => parseMultipart('multipart/form-data', ok))).toBe(400);
		expect(statusOf(() => parseMultipart('multipart/form-data; boundary=y', ok))).toBe(400);
		expect(statusOf(() => parseMultipart('multipart/form-data; boundary=x', Buffer.from('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1')))).toBe(400);
		expect(statusOf(() => parseMultipart('multipart/form-data; boundary=x', Buffer.from('--x\r\nContent-Type: text/plain\r\n\r\n1\r\n--x--')))).toBe(400);
	});

	it('writes PDFs with escaped text and a correct xref table', () => {
		const pdf = makePdf([['Smith (Trustee) \\ Co', 'Café – ok'], ['page 2']], 'T');
		const text = pdf.toString('latin1');
		expect(text).toContain('(Smith \\(Trustee\\) \\\\ Co) Tj');
		expect(text).toContain('Caf\xe9 ? ok');
		const offsets = [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
		offsets.forEach((offset, i) => expect(text.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true));
		expect(text.match(/\/Type \/Page(?!s)/g)).toHaveLength(2);
	});

	it('writes ZIPs whose CRC32 matches zlib and whose entries read back', () => {
		const a = Buffer.from('hello');
		const b = makePdf([['x']]);
		expect(crc32(a)).toBe(zlibCrc32(a));
		const entries = unzip(makeZip([{ name: 'ä.txt', data: a }, { name: 'b.pdf', data: b }], new Date(Date.UTC(2026, 0, 2))));
		expect(entries.map((e) => e.name)).toEqual(['ä.txt', 'b.pdf']);
		expect(entries[0].data.equals(a)).toBe(true);
		expect(entries[1].crc).toBe(zlibCrc32(b));
	});

	it('applies the UpdateFile date rules', () => {
		expect(parseCalendarDate('d', '2026-02-28')).toBe('2026-02-28');
		expect(parseCalendarDate('d', '2026-02-28T23:59:59.123+14:00')).toBe('2026-02-28');
		expect(parseCalendarDate('d', '2026-02-28 08:00')).toBe('2026-02-28');
		expect(parseCalendarDate('d', '')).toBeNull();
		expect(parseCalendarDate('d', null)).toBeNull();
		expect(parseCalendarDate('d', undefined)).toBeNull();
		for (const bad of ['2026-02-29', '2026-13-01', '28/02/2026', '2026-02-28T24:00', 'x', '2026-02-28T10:00+15:00']) {
			expect(statusOf(() => parseCalendarDate('d', bad))).toBe(400);
		}
		expect(parseCalendarDate('d', '2028-02-29')).toBe('2028-02-29');
	});

	it('accepts only integer ids >= 1 that fit in 32 bits', () => {
		expect(parseId('id', '7')).toBe(7);
		for (const bad of ['0', '-1', '1.0', '1e3', ' 1', '2147483648', '', undefined]) expect(statusOf(() => parseId('id', bad))).toBe(400);
	});

	it('filters and sorts with sieve terms, alternatives and case-insensitive operators', () => {
		interface Row {
			name: string;
			n: number;
			at: string;
		}
		const fields: SieveFields<Row> = {
			name: { type: 'string', get: (r) => r.name },
			alias: { type: 'string', get: (r) => r.name.toUpperCase() },
			n: { type: 'number', get: (r) => r.n },
			at: { type: 'date', get: (r) => r.at },
		};
		const rows: Row[] = [
			{ name: 'Oak, North', n: 3, at: '2025-01-02T00:00:00.000Z' },
			{ name: 'maple', n: 1, at: '2025-03-01T00:00:00.000Z' },
			{ name: 'Cedar', n: 2, at: '2024-12-31T00:00:00.000Z' },
		];
		const names = (list: Row[]) => list.map((r) => r.name);
		expect(names(filterWith(rows, 'n>=2', fields))).toEqual(['Oak, North', 'Cedar']);
		expect(names(filterWith(rows, 'name==maple|Cedar', fields))).toEqual(['maple', 'Cedar']);
		expect(names(filterWith(rows, '(name|alias)@=MAP', fields))).toEqual(['maple']);
		expect(names(filterWith(rows, 'name@=*OAK', fields))).toEqual(['Oak, North']);
		expect(names(filterWith(rows, 'name==Oak\\, North', fields))).toEqual(['Oak, North']);
		expect(names(filterWith(rows, '(at)>=2025-01-01,(at)<2025-02-01', fields))).toEqual(['Oak, North']);
		expect(names(sortWith(rows, '-at', fields))).toEqual(['maple', 'Oak, North', 'Cedar']);
		expect(names(sortWith(rows, 'name', fields))).toEqual(['Cedar', 'maple', 'Oak, North']);
		for (const bad of ['n>=x', 'n@=1', '(name|n)==1', 'nope==1', '==1', 'name==', ',']) {
			expect(statusOf(() => filterWith(rows, bad, fields))).toBe(400);
		}
		expect(statusOf(() => sortWith(rows, 'name,', fields))).toBe(400);
	});

	it('seeds the same data from the same seed, and other data from another', () => {
		const snapshot = (seed: number) => {
			const store = new FormsStore();
			seedForms(store, seed, 50);
			return JSON.stringify([...store.files.values()].map((f) => [f.id, f.name, f.property, f.contacts.map((c) => c.lastName)]));
		};
		expect(snapshot(5)).toBe(snapshot(5));
		expect(snapshot(5)).not.toBe(snapshot(6));
	});
});
