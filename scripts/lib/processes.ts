/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// Child processes of the host: the sandbox and n8n, each started, awaited until ready, and stopped.
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

import { cleanEnv, hostLine, type HostPaths } from './host';
import { type ChildProcess, spawnProcess, stopChild } from './spawn';

export const REPO_ROOT = join(__dirname, '..', '..');

/** A fixed key: the persistent user folder's credentials stay readable across restarts. */
// eslint-disable-next-line @n8n/community-nodes/no-hardcoded-secrets -- a local, loopback-only instance's key, not a secret
export const ENCRYPTION_KEY = 'n8n-nodes-skyslope-local-host-key';

/** A free TCP port on loopback. */
/** Whether a port can be listened on now, on loopback. */
function canListen(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const server = createServer();
		server.unref();
		server.once('error', () => resolve(false));
		server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
	});
}

/** The kernel's range for ports it hands out by itself (outgoing connections, listen on 0). */
function ephemeralRange(): [number, number] {
	try {
		const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
		if (low > 0 && high >= low) return [low, high];
	} catch {
		// not Linux
	}
	return [32768, 60999];
}

/**
 * A port free now, for a process started later. Drawn below the kernel's ephemeral range: a port
 * the kernel handed out (listen on 0) would be free again after the check, and the first outgoing
 * connection of any of the processes running side by side could take it before n8n listens.
 */
export async function freePort(): Promise<number> {
	const [low] = ephemeralRange();
	const from = 10_000;
	const to = low - 1;
	for (let attempt = 0; to - from > 1000 && attempt < 100; attempt++) {
		const port = from + Math.floor(Math.random() * (to - from));
		if (await canListen(port)) return port;
	}
	// No room below the ephemeral range: let the kernel choose.
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.unref();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			server.close(() => resolve(port));
		});
	});
}

export function sleep(ms: number): Promise<void> {
	return new Promise((r) => setTimeout(r, ms));
}

export interface N8nSettings {
	userFolder: string;
	port: number;
	/** The task runner broker's port: it must differ between two n8n on one machine. */
	brokerPort: number;
	/** Extra environment (e.g. N8N_LOG_LEVEL). */
	extra?: Record<string, string>;
	/** The zone n8n and its process run in (GENERIC_TIMEZONE and TZ); UTC unless given. */
	timezone?: string;
}

/** The environment that keeps n8n on loopback, with nothing phoning out (docs/n8n-host.md). */
export function n8nEnv(s: N8nSettings): NodeJS.ProcessEnv {
	const env = cleanEnv({
		NODE_ENV: 'production',
		NODE_OPTIONS: undefined,
		TS_NODE_TRANSPILE_ONLY: undefined,
		N8N_USER_FOLDER: s.userFolder,
		N8N_ENCRYPTION_KEY: ENCRYPTION_KEY,
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PORT: String(s.port),
		N8N_PROTOCOL: 'http',
		N8N_SECURE_COOKIE: 'false',
		N8N_EDITOR_BASE_URL: `http://127.0.0.1:${s.port}/`,
		N8N_RUNNERS_BROKER_PORT: String(s.brokerPort),
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_AI_ENABLED: 'false',
		EXTERNAL_FRONTEND_HOOKS_URLS: '',
		N8N_DIAGNOSTICS_CONFIG_FRONTEND: '',
		N8N_DIAGNOSTICS_CONFIG_BACKEND: '',
		// n8n 1.x has no such module and refuses to start when asked to disable it.
		N8N_DISABLED_MODULES: hostLine().line === '1' ? undefined : 'mcp-registry',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		GENERIC_TIMEZONE: s.timezone ?? 'UTC',
		TZ: s.timezone ?? 'UTC',
		...(s.extra ?? {}),
	});
	for (const k of Object.keys(env)) if (k.startsWith('JEST_')) delete env[k];
	return env;
}

/**
 * A child's output as text, decoded once it has all come: decoding each chunk apart turns a
 * character that a chunk boundary cuts in two (é, ñ: two bytes in UTF-8) into two U+FFFD. Over
 * the 300 MB of a 150,000-file table read through psql that happened about once a run, and a mirror
 * row read back that way looked different from the service's.
 */
export function textOf(stream: NodeJS.ReadableStream | null | undefined): () => string {
	const chunks: Buffer[] = [];
	stream?.on('data', (c: Buffer) => chunks.push(c));
	return () => Buffer.concat(chunks).toString('utf8');
}

export interface CliResult {
	code: number;
	stdout: string;
	stderr: string;
}

/** Runs one n8n CLI command (import:credentials, import:workflow, ...) to its end. */
export function n8nCli(paths: HostPaths, env: NodeJS.ProcessEnv, args: string[]): Promise<CliResult> {
	return new Promise((resolve, reject) => {
		const child = spawnProcess(paths.nodeBin, [paths.n8nBin, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
		const stdout = textOf(child.stdout);
		const stderr = textOf(child.stderr);
		child.on('error', reject);
		child.on('close', (code) => resolve({ code: code ?? 1, stdout: stdout(), stderr: stderr() }));
	});
}

export async function n8nCliOk(paths: HostPaths, env: NodeJS.ProcessEnv, args: string[]): Promise<string> {
	const r = await n8nCli(paths, env, args);
	if (r.code !== 0) {
		throw new Error(`n8n ${args.join(' ')} failed (exit ${r.code}):\n${tail(r.stdout + r.stderr, 40)}`);
	}
	return r.stdout;
}

export function tail(text: string, lines: number): string {
	return text.split('\n').slice(-lines).join('\n');
}

/** A started child with its log file; stop() ends it with SIGTERM (then SIGKILL after a grace time). */
export interface Running {
	child: ChildProcess;
	logFile: string;
	stop(graceMs?: number): Promise<void>;
}

function stopper(child: ChildProcess): (graceMs?: number) => Promise<void> {
	return async (graceMs = 10000) => await stopChild(child, graceMs);
}

export interface ChildOptions {
	/**
	 * Start it in a process group of its own (`npm start`): a Ctrl-C reaches it only through the
	 * starter's orderly stop, and stopping it stops everything it started (n8n's task runner).
	 */
	ownGroup?: boolean;
	/**
	 * A container's memory limit for it, in MB (benchmarks): it starts inside a memory cgroup of that
	 * size, so that it and everything it starts count against it as in a container with no swap.
	 */
	memoryLimitMb?: number;
}

/**
 * Starts the sandbox (`sandbox/main.ts`) as a child on the given port (0: any) and returns its base
 * URL. With `stateDir` it keeps its webhook subscriptions and tokens there across restarts.
 */
export async function startSandboxProcess(
	port: number,
	logFile: string,
	opts: ChildOptions & { stateDir?: string } = {},
): Promise<Running & { baseUrl: string }> {
	const out = createWriteStream(logFile, { flags: 'a' });
	const child = spawnProcess(process.execPath, ['-r', 'ts-node/register/transpile-only', join('sandbox', 'main.ts')], {
		cwd: REPO_ROOT,
		env: cleanEnv({ SANDBOX_PORT: String(port), SANDBOX_STATE_DIR: opts.stateDir, NODE_ENV: undefined }),
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: opts.ownGroup === true,
	});
	child.stdout?.pipe(out);
	child.stderr?.pipe(out);
	const baseUrl = await new Promise<string>((resolve, reject) => {
		let seen = '';
		const timer = setTimeout(() => reject(new Error(`the sandbox did not start in 60 s; log: ${logFile}\n${seen}`)), 60000);
		child.stdout?.on('data', (c: Buffer) => {
			seen += c.toString('utf8');
			const m = /listening on (http:\/\/[^\s]+)/.exec(seen);
			if (m) {
				clearTimeout(timer);
				resolve(m[1]);
			}
		});
		child.stderr?.on('data', (c: Buffer) => (seen += c.toString('utf8')));
		child.on('exit', (code) => {
			clearTimeout(timer);
			reject(new Error(`the sandbox exited with ${code} before listening:\n${seen}`));
		});
	});
	return { child, logFile, baseUrl, stop: stopper(child) };
}

/** Starts `n8n start` and waits until its REST API answers. */
const CGROUP_V1 = '/sys/fs/cgroup/memory';

/** Where the memory cgroup of a container of `mb` lives (v1, or v2). */
export function memoryCgroupDir(mb: number): string {
	return existsSync(join(CGROUP_V1, 'memory.limit_in_bytes')) ? join(CGROUP_V1, `n8n-${mb}mb`) : join('/sys/fs/cgroup', `n8n-${mb}mb`);
}

/**
 * A memory cgroup (v1 or v2) limited to `mb` with no swap: a container's limit. Root only; a machine
 * without a writable memory controller says so.
 */
export function memoryCgroup(mb: number): string {
	const bytes = String(Math.round(mb * 2 ** 20));
	const dir = memoryCgroupDir(mb);
	if (!existsSync(dir)) mkdirSync(dir);
	if (dir.startsWith(CGROUP_V1)) {
		writeFileSync(join(dir, 'memory.limit_in_bytes'), bytes);
		// Its most so far is this run's, not an earlier run's.
		writeFileSync(join(dir, 'memory.max_usage_in_bytes'), '0');
	} else {
		writeFileSync(join(dir, 'memory.max'), bytes);
		writeFileSync(join(dir, 'memory.swap.max'), '0');
	}
	return dir;
}

export async function startN8n(
	paths: HostPaths,
	env: NodeJS.ProcessEnv,
	logFile: string,
	timeoutMs = 120000,
	opts: ChildOptions = {},
	/** Node's own options before n8n's script (e.g. `--trace-gc`, which NODE_OPTIONS does not take). */
	nodeArgs: string[] = [],
): Promise<Running & { baseUrl: string }> {
	const out = createWriteStream(logFile, { flags: 'a' });
	const command = [paths.nodeBin, ...nodeArgs, paths.n8nBin, 'start'];
	const cgroup = opts.memoryLimitMb ? memoryCgroup(opts.memoryLimitMb) : undefined;
	// In the cgroup before n8n's first instruction: Node sizes its heap by the limit it starts under.
	const [program, ...args] = cgroup ? ['/bin/sh', '-c', 'echo $$ > "$0/cgroup.procs" && exec "$@"', cgroup, ...command] : command;
	const child = spawnProcess(program, args, {
		env,
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: opts.ownGroup === true,
	});
	child.stdout?.pipe(out);
	child.stderr?.pipe(out);
	const baseUrl = `http://127.0.0.1:${env.N8N_PORT}`;
	let exited: number | null = null;
	child.on('exit', (code) => (exited = code ?? -1));
	// n8n listens before its routes exist: wait for its own word, then for the REST API.
	let accessible = false;
	let seen = '';
	child.stdout?.on('data', (c: Buffer) => {
		if (accessible) return;
		seen = (seen + c.toString('utf8')).slice(-2000);
		if (seen.includes('Editor is now accessible')) accessible = true;
	});
	const started = Date.now();
	for (;;) {
		if (exited !== null) {
			throw new Error(`n8n exited with ${exited} while starting; log: ${logFile}\n${tail(safeRead(logFile), 40)}`);
		}
		if (Date.now() - started > timeoutMs) {
			await stopChild(child, 0);
			throw new Error(`n8n did not answer within ${timeoutMs / 1000} s; log: ${logFile}\n${tail(safeRead(logFile), 40)}`);
		}
		if (accessible) {
			try {
				const res = await fetch(`${baseUrl}/rest/settings`, { headers: { accept: 'application/json' } });
				const body = res.ok ? ((await res.json()) as { data?: unknown }) : {};
				if (body.data) break;
			} catch {
				// not answering yet
			}
		}
		await sleep(250);
	}
	return { child, logFile, baseUrl, stop: stopper(child) };
}

export function safeRead(file: string): string {
	try {
		return readFileSync(file, 'utf8');
	} catch {
		return '';
	}
}

/** Whether something already listens on 127.0.0.1:port (binding it fails with EADDRINUSE). */
export function portTaken(port: number, host = '127.0.0.1'): Promise<boolean> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', (error: NodeJS.ErrnoException) => {
			if (error.code === 'EADDRINUSE') resolve(true);
			else reject(error);
		});
		server.listen(port, host, () => server.close(() => resolve(false)));
	});
}

/**
 * Which process listens on a TCP port, read from /proc (Linux; undefined elsewhere or when the
 * process belongs to another user): its pid and command line.
 */
export function listenerOf(port: number): { pid: number; command: string } | undefined {
	const inodes = new Set<string>();
	for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
		for (const line of safeRead(table).split('\n').slice(1)) {
			const cols = line.trim().split(/\s+/);
			// local address "IP:PORT" in hex, state 0A = LISTEN, inode in column 10
			if (cols.length > 9 && cols[3] === '0A' && parseInt(cols[1].split(':')[1] ?? '', 16) === port) inodes.add(cols[9]);
		}
	}
	if (!inodes.size) return undefined;
	let pids: string[] = [];
	try {
		pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
	} catch {
		return undefined;
	}
	for (const pid of pids) {
		let fds: string[] = [];
		try {
			fds = readdirSync(`/proc/${pid}/fd`);
		} catch {
			continue;
		}
		for (const fd of fds) {
			let target = '';
			try {
				target = readlinkSync(`/proc/${pid}/fd/${fd}`);
			} catch {
				continue;
			}
			const m = /^socket:\[(\d+)\]$/.exec(target);
			if (m && inodes.has(m[1])) {
				const command = safeRead(`/proc/${pid}/cmdline`).split('\0').filter(Boolean).join(' ');
				return { pid: Number(pid), command };
			}
		}
	}
	return undefined;
}
