// The "obvious alternative" of the paging figures: a bare undici loop that sends, one after the
// other on one keep-alive connection, exactly the requests the node sent (same URLs, same
// Authorization header, read from the sandbox's request log) and parses every JSON answer.
import { Pool } from 'undici';

import type { RequestLogEntry, SandboxServer, ServiceName } from '../sandbox';

export interface Replayable {
	method: string;
	/** Path and query, relative to the sandbox root. */
	url: string;
	headers: Record<string, string>;
}

/** The requests of the log entries, as a bare client would send them again. */
export function replayable(sandbox: SandboxServer, service: ServiceName, entries: RequestLogEntry[]): Replayable[] {
	const mount = sandbox.service(service).mount;
	return entries.map((e) => {
		const qs = new URLSearchParams();
		for (const [key, value] of Object.entries(e.query)) {
			for (const v of Array.isArray(value) ? value : [value]) qs.append(key, v);
		}
		const query = qs.toString();
		const headers: Record<string, string> = { accept: 'application/json' };
		if (e.headers.authorization) headers.authorization = e.headers.authorization;
		return { method: e.method, url: `${mount}${e.path}${query ? `?${query}` : ''}`, headers };
	});
}

export class BareClient {
	private readonly pool: Pool;

	constructor(baseUrl: string) {
		this.pool = new Pool(baseUrl, { connections: 1, pipelining: 1 });
	}

	/** Sends the requests in order, each after the previous answer; returns the records parsed. */
	async run(requests: Replayable[]): Promise<number> {
		let records = 0;
		for (const r of requests) {
			const res = await this.pool.request({
				method: r.method as 'GET',
				path: r.url,
				headers: r.headers,
			});
			const text = await res.body.text();
			if (res.statusCode >= 400) throw new Error(`bare client: ${r.method} ${r.url} answered ${res.statusCode}`);
			if (text) {
				const body = JSON.parse(text) as unknown;
				if (Array.isArray(body)) records += body.length;
				else if (body && typeof body === 'object') records += 1;
			}
		}
		return records;
	}

	/** One request's JSON answer. */
	async json(request: Replayable): Promise<unknown> {
		const res = await this.pool.request({ method: request.method as 'GET', path: request.url, headers: request.headers });
		return JSON.parse(await res.body.text()) as unknown;
	}

	async close(): Promise<void> {
		await this.pool.close();
	}
}
