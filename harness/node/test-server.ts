/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
	method: string;
	path: string;
	query: Record<string, string>;
	headers: IncomingHttpHeaders;
	body: string;
}

export interface Reply {
	status?: number;
	headers?: Record<string, string>;
	body?: unknown;
}

export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

export interface TestServer {
	url: string;
	requests: RecordedRequest[];
	close(): Promise<void>;
}

/** A tiny HTTP server for harness tests: records every request, answers with `handler`. */
export async function startTestServer(handler: Handler): Promise<TestServer> {
	const requests: RecordedRequest[] = [];
	const server = createServer((req: IncomingMessage, res: ServerResponse) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const url = new URL(req.url ?? '/', 'http://127.0.0.1');
			const recorded: RecordedRequest = {
				method: req.method ?? 'GET',
				path: url.pathname,
				query: Object.fromEntries(url.searchParams.entries()),
				headers: req.headers,
				body: Buffer.concat(chunks).toString('utf8'),
			};
			requests.push(recorded);
			Promise.resolve(handler(recorded)).then(
				(reply) => {
					const isBuffer = Buffer.isBuffer(reply.body);
					const isString = typeof reply.body === 'string';
					res.writeHead(reply.status ?? 200, {
						'content-type': isBuffer
							? 'application/octet-stream'
							: isString
								? 'text/plain'
								: 'application/json',
						...reply.headers,
					});
					res.end(
						isBuffer || isString
							? (reply.body as Buffer | string)
							: JSON.stringify(reply.body ?? {}),
					);
				},
				(error: Error) => {
					res.writeHead(500, { 'content-type': 'text/plain' });
					res.end(error.message);
				},
			);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		requests,
		close: async () =>
			await new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
