/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// The harness reads a child's output (psql's rows, n8n's CLI) as text decoded once: a character cut
// in two by a chunk boundary must come out whole.
import { PassThrough } from 'node:stream';

import { textOf } from '../../scripts/lib/processes';

describe('textOf', () => {
	it('keeps a two-byte character that two chunks cut in two', async () => {
		const stream = new PassThrough();
		const text = textOf(stream);
		const bytes = Buffer.from('{"streetAddress":"Peñasco Rd","other":"Café Street"}', 'utf8');
		const cut = bytes.indexOf(Buffer.from('ñ', 'utf8')) + 1; // inside ñ
		const cut2 = bytes.indexOf(Buffer.from('é', 'utf8')) + 1; // inside é
		stream.write(bytes.subarray(0, cut));
		stream.write(bytes.subarray(cut, cut2));
		stream.end(bytes.subarray(cut2));
		await new Promise((resolve) => stream.on('end', resolve));
		expect(text()).toBe('{"streetAddress":"Peñasco Rd","other":"Café Street"}');
		expect(text()).not.toContain('\uFFFD');
	});

	it('is empty for no stream', () => {
		expect(textOf(undefined)()).toBe('');
	});
});
