/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- the sandbox is dev tooling, never shipped in dist */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

import {
	defaultLifetimes,
	defaultRateLimits,
	type FaultRule,
	type RequestLogEntry,
	type ResolvedOptions,
	type SandboxContext,
	type SandboxOptions,
	type ServiceModule,
	type ServiceName,
} from './context';
import type { SandboxRequest, SandboxResponse } from './router';
import { mulberry32 } from './random';
import { parseLiveSwitches, parallelLimit, slowness, type LiveSwitches } from './live';
import { parseShapeRules, reshapeAnswer, type ShapeRule } from './shapes';

/** Largest body the sandbox reads (uploads are capped by the services at 25 MB; leave headroom). */
const MAX_BODY_BYTES = 40 * 1024 * 1024;

export type ServiceFactory = (ctx: SandboxContext) => ServiceModule;

interface Window {
	start: number;
	count: number;
}

/**
 * The one HTTP server behind all three stand-in services. It owns what every service shares:
 * mounting, the request log, rate limiting with `x-ratelimit-*` headers, and the fault knobs.
 * Each service module owns its routes, auth, store and error shape.
 */
export class SandboxServer {
	readonly options: ResolvedOptions;
	readonly log: RequestLogEntry[] = [];
	readonly services = new Map<ServiceName, ServiceModule>();
	readonly ctx: SandboxContext;
	private faults: Array<FaultRule & { seen: number; fired: number }> = [];
	private shapes: ShapeRule[] = [];
	private liveSwitches: LiveSwitches;
	/** Requests of each service being answered now (the parallel429 switch counts them). */
	private readonly inFlight = new Map<ServiceName, number>();
	private readonly windows = new Map<string, Window>();
	private server?: Server;
	private url = '';
	private seq = 0;
	private readonly clock: () => number;
	private readonly gate: SandboxOptions['gate'];

	constructor(options: SandboxOptions, factories: ServiceFactory[]) {
		this.options = resolveOptions(options);
		this.clock = options.clock ?? Date.now;
		this.gate = options.gate;
		this.liveSwitches = { ...(options.live ?? {}) };
		const random = mulberry32(this.options.seed);
		this.ctx = {
			options: this.options,
			now: () => this.clock(),
			random,
			baseUrl: () => this.url,
			live: () => this.liveSwitches,
		};
		for (const factory of factories) {
			const service = factory(this.ctx);
			this.services.set(service.name, service);
		}
	}

	get baseUrl(): string {
		return this.url;
	}

	async listen(): Promise<string> {
		const server = createServer((req, res) => {
			this.handle(req, res).catch((error) => {
				if (!res.headersSent) {
					res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
					res.end(JSON.stringify({ message: `sandbox error: ${(error as Error).message}` }));
				} else {
					res.destroy();
				}
			});
		});
		// Idle connections stay open a minute, as the load balancers in front of web services keep
		// them: clients close theirs first (undici after 4 s), so no request races a closing socket.
		server.keepAliveTimeout = 65_000;
		this.server = server;
		await new Promise<void>((resolve, reject) => {
			server.once('error', reject);
			server.listen(this.options.port, this.options.host, () => resolve());
		});
		const { port } = server.address() as AddressInfo;
		this.url = `http://${this.options.host}:${port}`;
		return this.url;
	}

	async close(): Promise<void> {
		const server = this.server;
		if (!server) return;
		this.server = undefined;
		await new Promise<void>((resolve) => {
			server.close(() => resolve());
			server.closeAllConnections();
		});
	}

	service<T = unknown>(name: ServiceName): ServiceModule & { state: T } {
		const s = this.services.get(name);
		if (!s) throw new Error(`no service ${name}`);
		return s as ServiceModule & { state: T };
	}

	/** Replaces the fault rules. An empty list turns faults off. */
	setFaults(rules: FaultRule[]): void {
		this.faults = rules.map((r) => ({ ...r, seen: 0, fired: 0 }));
	}

	/** Replaces the shape rules: read answers in another wrapping (see shapes.ts). An empty list: as the service answers. */
	setShapes(rules: ShapeRule[]): void {
		this.shapes = [...rules];
	}

	/** Replaces the live switches (live.ts). An empty object: as the service documents say. */
	setLive(switches: LiveSwitches): void {
		this.liveSwitches = { ...switches };
	}

	get live(): LiveSwitches {
		return this.liveSwitches;
	}

	setRateLimit(name: ServiceName, limit: Partial<{ limit: number; windowSeconds: number }>): void {
		Object.assign(this.options.rateLimits[name], limit);
		this.windows.clear();
	}

	expireAuth(name?: ServiceName): void {
		for (const s of this.services.values()) if (!name || s.name === name) s.expireAuth();
	}

	clearLog(): void {
		this.log.length = 0;
	}

	/** Log entries of one service, optionally filtered by method and a path regular expression. */
	requests(service: ServiceName, method?: string, path?: RegExp): RequestLogEntry[] {
		return this.log.filter(
			(e) =>
				e.service === service &&
				(!method || e.method === method.toUpperCase()) &&
				(!path || path.test(e.path)),
		);
	}

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const url = new URL(req.url ?? '/', this.url || 'http://127.0.0.1');
		const rawPath = url.pathname;
		const body = await readBody(req);
		if (body === undefined) {
			res.writeHead(413, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
			res.end(JSON.stringify({ message: 'Request body too large' }));
			return;
		}

		if (rawPath.startsWith('/_sandbox/')) {
			return this.control(req.method ?? 'GET', rawPath, body, res);
		}
		if (rawPath === '/' || rawPath === '') {
			return send(res, { status: 200, json: this.describe() });
		}

		const service = [...this.services.values()].find(
			(s) => rawPath === s.mount || rawPath.startsWith(`${s.mount}/`),
		);
		const entry: RequestLogEntry = {
			seq: ++this.seq,
			service: service?.name ?? 'sandbox',
			method: (req.method ?? 'GET').toUpperCase(),
			path: service ? rawPath.slice(service.mount.length) || '/' : rawPath,
			query: queryObject(url.searchParams),
			headers: flatHeaders(req.headers),
			body: describeBody(req.headers['content-type'], body),
			status: 0,
			at: this.clock(),
		};
		this.log.push(entry);
		if (this.options.verbose) process.stdout.write(`${entry.method} ${rawPath}${url.search}\n`);

		if (!service) {
			entry.status = 404;
			return send(res, { status: 404, json: { message: `No service at ${rawPath}` } });
		}

		const sreq: SandboxRequest = {
			method: entry.method,
			path: entry.path,
			query: url.searchParams,
			headers: req.headers,
			body,
			params: {},
			url,
		};

		// A service's own test controls (`<mount>/_sandbox/...`) are not the service: no faults, no
		// rate limit, nothing in flight that a client's requests would wait behind.
		const control = entry.path.startsWith('/_sandbox/');

		// Fault knobs first: they model the network and the service's bad days.
		for (const rule of control ? [] : this.faults) {
			if (rule.service && rule.service !== service.name) continue;
			if (rule.method && rule.method.toUpperCase() !== entry.method) continue;
			if (rule.path && !new RegExp(rule.path).test(entry.path)) continue;
			if (rule.times !== undefined && rule.fired >= rule.times) continue;
			// This request's place among the rule's, taken before any wait: requests in flight together
			// must not read one another's count (an expiry every Nth request would then be skipped).
			const seen = ++rule.seen;
			if (rule.after !== undefined && seen <= rule.after) continue;
			if (rule.latencyMs) {
				entry.fault = 'latency';
				await new Promise((r) => setTimeout(r, rule.latencyMs));
			}
			if (rule.expireEvery && seen % rule.expireEvery === 0) {
				rule.fired++;
				entry.fault = 'expire';
				entry.expired = true;
				service.expireAuth();
			}
			if (rule.dropRate && this.ctx.random() < rule.dropRate) {
				rule.fired++;
				entry.fault = 'drop';
				entry.status = -1;
				req.socket.destroy();
				return;
			}
			if (rule.errorRate && this.ctx.random() < rule.errorRate) {
				rule.fired++;
				entry.fault = 'error';
				const status = rule.errorStatus ?? 503;
				entry.status = status;
				return send(res, service.error(status, 'Service Unavailable (sandbox fault)'));
			}
		}

		// Rate limit: a fixed window per service and client, with the x-ratelimit-* headers on every answer.
		const limits = this.options.rateLimits[service.name];
		const key = `${service.name}:${service.rateKey(sreq)}`;
		const now = this.clock();
		let window = this.windows.get(key);
		if (!window || now >= window.start + limits.windowSeconds * 1000) {
			window = { start: now, count: 0 };
			this.windows.set(key, window);
		}
		if (!control) window.count++;
		const resetAt = window.start + limits.windowSeconds * 1000;
		const rateHeaders = {
			'x-ratelimit-limit': String(limits.limit),
			'x-ratelimit-remaining': String(Math.max(0, limits.limit - window.count)),
			'x-ratelimit-reset': String(Math.ceil(resetAt / 1000)),
		};
		if (!control && window.count > limits.limit) {
			entry.status = 429;
			entry.fault = 'ratelimit';
			const answer = service.error(429, 'Too Many Requests');
			answer.headers = {
				...answer.headers,
				...rateHeaders,
				'retry-after': String(Math.max(1, Math.ceil((resetAt - now) / 1000))),
			};
			return send(res, answer);
		}

		// Live: more requests in flight than the service takes at once are refused (parallel429).
		const inFlight = (this.inFlight.get(service.name) ?? 0) + 1;
		const parallel = parallelLimit(this.liveSwitches);
		if (!control && parallel !== undefined && inFlight > parallel) {
			entry.status = 429;
			entry.fault = 'parallel';
			const answer = service.error(429, 'Too Many Requests');
			// As the live service's clients report: its rate headers, the window's budget left, no Retry-After.
			answer.headers = { ...answer.headers, ...rateHeaders };
			return send(res, answer);
		}
		this.inFlight.set(service.name, inFlight);
		let answer: SandboxResponse;
		try {
			// Live: the service's speed (slowExport, slowService), in flight meanwhile.
			const slow = control ? 0 : slowness(this.liveSwitches, service.name, entry.method, entry.path);
			if (slow) await new Promise((r) => setTimeout(r, slow));
			if (!control && this.gate) await this.gate({ service: service.name, method: entry.method, path: entry.path });
			answer = await this.answer(service, sreq, entry);
		} finally {
			this.inFlight.set(service.name, (this.inFlight.get(service.name) ?? 1) - 1);
		}
		answer.headers = { ...rateHeaders, ...answer.headers };
		entry.status = answer.status;
		send(res, answer);
	}

	/** The service's own answer, reshaped by the shape knob and the live switches. */
	private async answer(service: ServiceModule, sreq: SandboxRequest, entry: RequestLogEntry): Promise<SandboxResponse> {
		const found = service.router.match(entry.method, entry.path);
		let answer: SandboxResponse;
		if (!found) {
			answer = service.error(404, `Not found: ${entry.method} ${entry.path}`);
		} else if ('methodNotAllowed' in found) {
			answer = service.error(405, `Method ${entry.method} not allowed on ${entry.path}`);
		} else {
			sreq.params = found.params;
			answer = await found.handler(sreq);
		}
		if (this.shapes.length && answer.status >= 200 && answer.status < 300) {
			const reshaped = reshapeAnswer(service.name, entry.method, entry.path, answer.json, this.shapes);
			if (reshaped) {
				answer = { ...answer, json: reshaped.json };
				entry.shape = reshaped.variant;
			}
		}
		if (service.applyLive && Object.keys(this.liveSwitches).length) {
			answer = service.applyLive(sreq, answer, this.liveSwitches);
		}
		return answer;
	}

	private describe() {
		const services: Record<string, unknown> = {};
		for (const s of this.services.values()) {
			services[s.name] = { baseUrl: `${this.url}${s.mount}`, credentials: s.credentialHints(this.url) };
		}
		return { sandbox: 'n8n-nodes-skyslope', services };
	}

	/** Test control over HTTP, for processes that do not hold the server object (the e2e suite). */
	private control(method: string, path: string, body: Buffer, res: ServerResponse): void {
		const input = body.length ? JSON.parse(body.toString('utf8')) : {};
		switch (`${method} ${path}`) {
			case 'GET /_sandbox/log':
				return send(res, { status: 200, json: this.log });
			case 'DELETE /_sandbox/log':
				this.clearLog();
				return send(res, { status: 200, json: { cleared: true } });
			case 'PUT /_sandbox/faults':
				this.setFaults(Array.isArray(input) ? input : input.rules ?? []);
				return send(res, { status: 200, json: { faults: this.faults.length } });
			case 'PUT /_sandbox/shapes': {
				let rules: ShapeRule[];
				try {
					rules = parseShapeRules(input);
				} catch (error) {
					return send(res, { status: 400, json: { message: (error as Error).message } });
				}
				this.setShapes(rules);
				return send(res, { status: 200, json: { shapes: this.shapes } });
			}
			case 'DELETE /_sandbox/shapes':
				this.setShapes([]);
				return send(res, { status: 200, json: { shapes: [] } });
			case 'GET /_sandbox/live':
				return send(res, { status: 200, json: this.liveSwitches });
			case 'PUT /_sandbox/live': {
				try {
					this.setLive(parseLiveSwitches(input));
				} catch (error) {
					return send(res, { status: 400, json: { message: (error as Error).message } });
				}
				return send(res, { status: 200, json: this.liveSwitches });
			}
			case 'DELETE /_sandbox/live':
				this.setLive({});
				return send(res, { status: 200, json: {} });
			case 'POST /_sandbox/expire':
				this.expireAuth(input.service);
				return send(res, { status: 200, json: { expired: input.service ?? 'all' } });
			case 'PUT /_sandbox/ratelimit':
				this.setRateLimit(input.service, input);
				return send(res, { status: 200, json: this.options.rateLimits });
			case 'GET /_sandbox/info':
				return send(res, { status: 200, json: this.describe() });
			default:
				return send(res, { status: 404, json: { message: `unknown control ${method} ${path}` } });
		}
	}
}

function resolveOptions(o: SandboxOptions): ResolvedOptions {
	const rateLimits = {} as ResolvedOptions['rateLimits'];
	for (const name of Object.keys(defaultRateLimits) as ServiceName[]) {
		rateLimits[name] = { ...defaultRateLimits[name], ...(o.rateLimits?.[name] ?? {}) };
	}
	return {
		port: o.port ?? 0,
		host: o.host ?? '127.0.0.1',
		seed: o.seed ?? 20240102,
		lifetimes: { ...defaultLifetimes, ...(o.lifetimes ?? {}) },
		rateLimits,
		scale: { files: 0, listings: 0, sales: 0, offers: 0, ...(o.scale ?? {}) },
		verbose: o.verbose ?? false,
		stateDir: o.stateDir,
	};
}

async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of req) {
		size += (chunk as Buffer).length;
		if (size > MAX_BODY_BYTES) return undefined;
		chunks.push(chunk as Buffer);
	}
	return Buffer.concat(chunks);
}

function send(res: ServerResponse, answer: SandboxResponse): void {
	const headers: Record<string, string> = { ...(answer.headers ?? {}) };
	if (answer.json !== undefined) {
		const text = JSON.stringify(answer.json);
		headers['content-type'] ??= 'application/json; charset=utf-8';
		res.writeHead(answer.status, headers);
		res.end(text);
		return;
	}
	if (answer.body instanceof Readable) {
		res.writeHead(answer.status, headers);
		answer.body.on('error', () => res.destroy());
		answer.body.pipe(res);
		return;
	}
	res.writeHead(answer.status, headers);
	res.end(answer.body ?? '');
}

function queryObject(params: URLSearchParams): Record<string, string | string[]> {
	const out: Record<string, string | string[]> = {};
	for (const key of new Set(params.keys())) {
		const all = params.getAll(key);
		out[key] = all.length === 1 ? all[0] : all;
	}
	return out;
}

function flatHeaders(headers: IncomingMessage['headers']): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
	return out;
}

function describeBody(contentType: string | undefined, body: Buffer): unknown {
	if (body.length === 0) return undefined;
	const type = (contentType ?? '').toLowerCase();
	if (type.includes('json')) {
		try {
			return JSON.parse(body.toString('utf8'));
		} catch {
			return { invalidJson: body.toString('utf8').slice(0, 200) };
		}
	}
	if (type.includes('x-www-form-urlencoded')) {
		return Object.fromEntries(new URLSearchParams(body.toString('utf8')));
	}
	return { bytes: body.length, contentType: contentType ?? '' };
}
