// A small multipart/form-data parser (RFC 7578) for UploadDocument: whole-buffer, no streaming.
import { badRequest } from './http';

export interface Part {
	name: string;
	filename?: string;
	contentType?: string;
	data: Buffer;
}

function boundaryOf(contentType: string): string {
	const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
	const boundary = m?.[1] ?? m?.[2];
	if (!boundary) throw badRequest('multipart/form-data without a boundary', ['content-type: no boundary']);
	return boundary;
}

function headerParam(value: string, key: string): string | undefined {
	const quoted = new RegExp(`(?:^|;)\\s*${key}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(value);
	if (quoted) return quoted[1].replace(/\\(.)/g, '$1');
	const bare = new RegExp(`(?:^|;)\\s*${key}=([^;\\s]+)`, 'i').exec(value);
	return bare?.[1];
}

export function parseMultipart(contentType: string, body: Buffer): Part[] {
	const delimiter = Buffer.from(`--${boundaryOf(contentType)}`, 'latin1');
	const parts: Part[] = [];
	let pos = body.indexOf(delimiter);
	if (pos < 0) throw badRequest('Malformed multipart body', ['body: boundary not found']);
	for (;;) {
		pos += delimiter.length;
		// `--` after a delimiter closes the body.
		if (body[pos] === 0x2d && body[pos + 1] === 0x2d) return parts;
		if (body[pos] === 0x0d && body[pos + 1] === 0x0a) pos += 2;
		else throw badRequest('Malformed multipart body', ['body: delimiter not followed by CRLF']);
		const headerEnd = body.indexOf('\r\n\r\n', pos, 'latin1');
		if (headerEnd < 0) throw badRequest('Malformed multipart body', ['body: part headers not terminated']);
		const headers = new Map<string, string>();
		for (const line of body.subarray(pos, headerEnd).toString('utf8').split('\r\n')) {
			const colon = line.indexOf(':');
			if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
		}
		const next = body.indexOf(Buffer.concat([Buffer.from('\r\n', 'latin1'), delimiter]), headerEnd + 4);
		if (next < 0) throw badRequest('Malformed multipart body', ['body: closing boundary not found']);
		const disposition = headers.get('content-disposition') ?? '';
		const name = headerParam(disposition, 'name');
		if (!/^form-data/i.test(disposition) || name === undefined) {
			throw badRequest('Malformed multipart body', ['body: a part without Content-Disposition: form-data; name=...']);
		}
		parts.push({
			name,
			filename: headerParam(disposition, 'filename'),
			contentType: headers.get('content-type'),
			data: body.subarray(headerEnd + 4, next),
		});
		pos = next + 2;
	}
}
