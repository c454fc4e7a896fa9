/* eslint-disable @n8n/community-nodes/no-restricted-imports -- the sandbox is dev tooling, never shipped in dist */
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';

/** A request as a service module sees it: the path is relative to the service's mount point. */
export interface SandboxRequest {
	method: string;
	/** Path below the service's mount point, e.g. `/partner/api/files/7`. */
	path: string;
	query: URLSearchParams;
	headers: IncomingHttpHeaders;
	body: Buffer;
	/** Path parameters matched by the route pattern (`:fileId`), URL-decoded once. */
	params: Record<string, string>;
	/** The full URL the client used, for building `next` links and redirects. */
	url: URL;
}

export interface SandboxResponse {
	status: number;
	headers?: Record<string, string>;
	/** Serialised as JSON with `content-type: application/json; charset=utf-8`. */
	json?: unknown;
	/** Sent as-is (set the content-type header yourself). A Readable is piped. */
	body?: Buffer | string | Readable;
}

export type Handler = (req: SandboxRequest) => SandboxResponse | Promise<SandboxResponse>;

interface Route {
	method: string;
	segments: string[];
	handler: Handler;
}

/**
 * A minimal method + path router. Patterns use `:name` for one path segment; a segment is matched
 * on the raw (still-encoded) path so that an encoded `/` inside an id never becomes a separator.
 */
export class Router {
	private readonly routes: Route[] = [];

	add(method: string, pattern: string, handler: Handler): this {
		this.routes.push({ method: method.toUpperCase(), segments: split(pattern), handler });
		return this;
	}

	get(pattern: string, handler: Handler) {
		return this.add('GET', pattern, handler);
	}
	post(pattern: string, handler: Handler) {
		return this.add('POST', pattern, handler);
	}
	put(pattern: string, handler: Handler) {
		return this.add('PUT', pattern, handler);
	}
	patch(pattern: string, handler: Handler) {
		return this.add('PATCH', pattern, handler);
	}
	delete(pattern: string, handler: Handler) {
		return this.add('DELETE', pattern, handler);
	}

	/** Finds the handler for a raw path; `undefined` when nothing matches (a 404 for the caller). */
	match(
		method: string,
		rawPath: string,
	): { handler: Handler; params: Record<string, string> } | { methodNotAllowed: true } | undefined {
		const parts = split(rawPath);
		let pathMatched = false;
		for (const route of this.routes) {
			const params = matchSegments(route.segments, parts);
			if (!params) continue;
			pathMatched = true;
			if (route.method === method.toUpperCase()) return { handler: route.handler, params };
		}
		return pathMatched ? { methodNotAllowed: true } : undefined;
	}
}

function split(path: string): string[] {
	return path.split('/').filter((s) => s.length > 0);
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | undefined {
	if (pattern.length !== parts.length) return undefined;
	const params: Record<string, string> = {};
	for (let i = 0; i < pattern.length; i++) {
		const p = pattern[i];
		if (p.startsWith(':')) {
			let value: string;
			try {
				value = decodeURIComponent(parts[i]);
			} catch {
				return undefined;
			}
			params[p.slice(1)] = value;
		} else if (p.toLowerCase() !== parts[i].toLowerCase()) {
			return undefined;
		}
	}
	return params;
}
