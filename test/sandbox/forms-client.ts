// A small HTTP client for the forms sandbox tests (undici, real sockets).
import { request } from 'undici';

import { useStarted } from '../../harness/node/use';
import { startSandbox, type SandboxOptions, type SandboxServer } from '../../sandbox';
import { SCOPES, type FormsServiceState } from '../../sandbox/forms';

export interface Answer {
	status: number;
	headers: Record<string, string>;
	json: unknown;
	bytes: Buffer;
}

export interface FormsHarness {
	sandbox: SandboxServer;
	state: FormsServiceState;
	/** `{base_url}` = `<sandbox>/forms` */
	base: string;
	/** A token with every scope (offline_access included). */
	token: string;
	tokenWith(scopes: readonly string[]): string;
	call(
		method: string,
		path: string,
		opts?: { token?: string | null; json?: unknown; body?: string | Buffer; headers?: Record<string, string> },
	): Promise<Answer>;
	/** `call` below `/partner/api` with the all-scopes token unless another is given. */
	api(
		method: string,
		path: string,
		opts?: { token?: string | null; json?: unknown; body?: string | Buffer; headers?: Record<string, string> },
	): Promise<Answer>;
	close(): Promise<void>;
}

export async function bootForms(options: SandboxOptions = {}): Promise<FormsHarness> {
	const sandbox = await startSandbox({ port: 0, ...options });
	const state = sandbox.service<FormsServiceState>('forms').state;
	const base = `${sandbox.baseUrl}/forms`;
	const tokenWith = (scopes: readonly string[]) => state.auth.issueToken(scopes).access_token;
	const call: FormsHarness['call'] = async (method, path, opts = {}) => {
		const headers: Record<string, string> = { ...(opts.headers ?? {}) };
		let body = opts.body;
		if (opts.json !== undefined) {
			headers['content-type'] ??= 'application/json';
			body = JSON.stringify(opts.json);
		}
		const res = await request(`${base}${path}`, { method: method as 'GET', headers, body });
		const bytes = Buffer.from(await res.body.arrayBuffer());
		const flat: Record<string, string> = {};
		for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) flat[k] = Array.isArray(v) ? v.join(', ') : v;
		let json: unknown;
		if ((flat['content-type'] ?? '').includes('json') && bytes.length) json = JSON.parse(bytes.toString('utf8'));
		return { status: res.statusCode, headers: flat, json, bytes };
	};
	const token = tokenWith(SCOPES);
	const api: FormsHarness['api'] = async (method, path, opts = {}) => {
		const t = opts.token === undefined ? token : opts.token;
		const headers = { ...(opts.headers ?? {}) };
		if (t !== null) headers.authorization = `Bearer ${t}`;
		return await call(method, `/partner/api${path}`, { ...opts, headers });
	};
	return { sandbox, state, base, token, tokenWith, call, api, close: async () => await sandbox.close() };
}

/** A fresh forms sandbox for each test of the file, closed after it. */
export function useFormsHarness(options: SandboxOptions = {}): FormsHarness {
	return useStarted(
		() => bootForms(options),
		(h) => h.close(),
		{ each: true },
	);
}

/** The error body of the forms service, checked for its shape. */
export function errorOf(answer: Answer): { code: string; message: string; errors: string[]; traceId: string } {
	const body = answer.json as { code: string; message: string; errors: string[]; traceId: string };
	expect(body).toEqual({
		code: expect.any(String),
		message: expect.any(String),
		errors: expect.any(Array),
		traceId: expect.stringMatching(/^[0-9a-f]{32}$/),
	});
	return body;
}

/** Entry names of a ZIP, read from its central directory, with each entry's bytes. */
export function unzip(zip: Buffer): Array<{ name: string; data: Buffer; crc: number }> {
	const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
	if (end < 0) throw new Error('no end of central directory');
	const count = zip.readUInt16LE(end + 10);
	let at = zip.readUInt32LE(end + 16);
	const out: Array<{ name: string; data: Buffer; crc: number }> = [];
	for (let i = 0; i < count; i++) {
		if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory entry');
		const crc = zip.readUInt32LE(at + 16);
		const size = zip.readUInt32LE(at + 20);
		const nameLength = zip.readUInt16LE(at + 28);
		const extra = zip.readUInt16LE(at + 30);
		const comment = zip.readUInt16LE(at + 32);
		const local = zip.readUInt32LE(at + 42);
		const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
		if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error('bad local header');
		const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
		out.push({ name, data: zip.subarray(dataStart, dataStart + size), crc });
		at += 46 + nameLength + extra + comment;
	}
	return out;
}

/** A multipart/form-data body. */
export function multipart(
	parts: Array<{ name: string; value: string | Buffer; filename?: string; contentType?: string }>,
	boundary = '----sandboxBoundary7MA4YWxkTrZu0gW',
): { body: Buffer; contentType: string } {
	const chunks: Buffer[] = [];
	for (const p of parts) {
		let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
		if (p.filename !== undefined) head += `; filename="${p.filename}"`;
		head += '\r\n';
		if (p.contentType) head += `Content-Type: ${p.contentType}\r\n`;
		chunks.push(Buffer.from(`${head}\r\n`), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
	}
	chunks.push(Buffer.from(`--${boundary}--\r\n`));
	return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
