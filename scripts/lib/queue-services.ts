/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// Postgres and Redis for n8n's queue mode: installed from Debian's packages when missing (as root:
// `apt-get update` once, then `apt-get install -y postgresql redis-server`), started on loopback on
// free ports with their data in a temporary folder, and stopped afterwards. Nothing is kept.
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type Log, say } from './host';
import { freePort, safeRead, sleep, tail } from './processes';
import { type ChildProcess, spawnProcess } from './spawn';

export interface QueueServices {
	postgres: { host: string; port: number; user: string; database: string };
	redis: { host: string; port: number };
	/** The temporary folder holding both data directories and their logs. */
	dir: string;
	stop(): Promise<void>;
}

interface Done {
	code: number;
	output: string;
}

function runCommand(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Done> {
	return new Promise((resolve) => {
		const child = spawnProcess(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
		let output = '';
		child.stdout?.on('data', (c: Buffer) => (output += c.toString('utf8')));
		child.stderr?.on('data', (c: Buffer) => (output += c.toString('utf8')));
		child.on('error', (e) => resolve({ code: 127, output: e.message }));
		child.on('close', (code) => resolve({ code: code ?? 1, output }));
	});
}

async function mustRun(cmd: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
	const r = await runCommand(cmd, args, env);
	if (r.code !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.code}):\n${tail(r.output, 30)}`);
	return r.output;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** The newest Debian Postgres binaries folder (/usr/lib/postgresql/<major>/bin), if installed. */
function postgresBin(): string | undefined {
	const base = '/usr/lib/postgresql';
	if (!existsSync(base)) return undefined;
	const majors = readdirSync(base)
		.filter((d) => /^\d+$/.test(d) && existsSync(join(base, d, 'bin', 'pg_ctl')))
		.sort((a, b) => Number(b) - Number(a));
	return majors.length ? join(base, majors[0], 'bin') : undefined;
}

const REDIS_BIN = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'];
const redisBin = () => REDIS_BIN.find((p) => existsSync(p));

/** Installs what is missing from Debian's packages (root only; otherwise says what to install). */
export async function ensureQueueServices(log: Log = say): Promise<{ pgBin: string; redis: string }> {
	let pgBin = postgresBin();
	let redis = redisBin();
	if (pgBin && redis) return { pgBin, redis };
	const missing = [...(pgBin ? [] : ['postgresql']), ...(redis ? [] : ['redis-server'])];
	if (!isRoot()) {
		throw new Error(`queue mode needs ${missing.join(' and ')}: install with \`sudo apt-get install -y ${missing.join(' ')}\``);
	}
	log(`Installing ${missing.join(' and ')} from Debian's packages (apt-get)...`);
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	const started = Date.now();
	await mustRun('apt-get', ['update'], env);
	await mustRun('apt-get', ['install', '-y', '--no-install-recommends', ...missing], env);
	log(`  installed in ${Math.round((Date.now() - started) / 1000)} s`);
	pgBin = postgresBin();
	redis = redisBin();
	if (!pgBin || !redis) throw new Error(`after apt-get install, still missing: ${pgBin ? '' : 'postgres '}${redis ? '' : 'redis-server'}`);
	return { pgBin, redis };
}

/** initdb refuses to run as root: as root, Postgres runs as Debian's `postgres` user. */
async function asPostgresUser(cmd: string, args: string[]): Promise<string> {
	return isRoot() ? mustRun('runuser', ['-u', 'postgres', '--', cmd, ...args]) : mustRun(cmd, args);
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
	const uid = Number((await mustRun('id', ['-u', 'postgres'])).trim());
	const gid = Number((await mustRun('id', ['-g', 'postgres'])).trim());
	return { uid, gid };
}

function waitForExit(child: ChildProcess): Promise<void> {
	return child.exitCode !== null || child.signalCode !== null
		? Promise.resolve()
		: new Promise((r) => child.once('exit', () => r()));
}

export interface PostgresService {
	host: string;
	port: number;
	user: string;
	database: string;
	/** The temporary folder holding the data directory, its socket and its log. */
	dir: string;
	stop(): Promise<void>;
}

/** Installs Postgres when missing (with Redis: one apt-get for every suite that needs either). */
async function ensurePostgres(log: Log): Promise<string> {
	return (await ensureQueueServices(log)).pgBin;
}

/**
 * Starts a Postgres on loopback (trust authentication, no durability: a test database) with one
 * database, `database`. Without `dir` it is thrown away: stop() ends it and removes its data. With
 * `dir` (npm start's), the data stays there and the next start reuses it.
 */
export async function startPostgres(log: Log = say, options: { database?: string; dir?: string } = {}): Promise<PostgresService> {
	const pgBin = await ensurePostgres(log);
	const database = options.database ?? 'n8n';
	const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'skyslope-postgres-'));
	const ownsDir = options.dir === undefined;
	const pgData = join(dir, 'pg');
	const pgLog = join(dir, 'postgres.log');
	const pgPort = await freePort();
	let pgStarted = false;
	const stop = async () => {
		if (pgStarted) {
			await asPostgresUser(join(pgBin, 'pg_ctl'), ['stop', '-D', pgData, '-m', 'immediate', '-w']).catch(() => undefined);
			pgStarted = false;
		}
		if (ownsDir) rmSync(dir, { recursive: true, force: true });
	};
	let ready = false;
	try {
		if (isRoot()) {
			const { uid, gid } = await postgresIds();
			chownSync(dir, uid, gid);
		}
		const fresh = !existsSync(join(pgData, 'PG_VERSION'));
		if (fresh) await asPostgresUser(join(pgBin, 'initdb'), ['-D', pgData, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
		// Loopback only, its socket in the temp folder, no durability: a test database.
		const settings = `-p ${pgPort} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
		await asPostgresUser(join(pgBin, 'pg_ctl'), ['start', '-D', pgData, '-l', pgLog, '-w', '-t', '60', '-o', settings]);
		pgStarted = true;
		if (fresh) await mustRun(join(pgBin, 'createdb'), ['-h', '127.0.0.1', '-p', String(pgPort), '-U', 'postgres', database]);
		ready = true;
		return { host: '127.0.0.1', port: pgPort, user: 'postgres', database, dir, stop };
	} finally {
		if (!ready) {
			const pgTail = tail(safeRead(pgLog), 20);
			if (pgTail) log(`postgres.log:\n${pgTail}`);
			await stop();
		}
	}
}

/** Starts a throw-away Postgres and Redis on loopback; stop() ends both and removes their data. */
export async function startQueueServices(log: Log = say): Promise<QueueServices> {
	const { redis } = await ensureQueueServices(log);
	const dir = mkdtempSync(join(tmpdir(), 'skyslope-queue-'));
	const redisPort = await freePort();
	let postgres: PostgresService | undefined;
	let redisChild: ChildProcess | undefined;

	const stop = async () => {
		if (redisChild) {
			redisChild.kill('SIGTERM');
			await waitForExit(redisChild);
		}
		if (postgres) await postgres.stop();
		rmSync(dir, { recursive: true, force: true });
	};

	let ready = false;
	try {
		postgres = await startPostgres(log, { dir });
		const redisLog = join(dir, 'redis.log');
		redisChild = spawnProcess(
			redis,
			['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--dir', dir, '--logfile', redisLog],
			{ stdio: 'ignore' },
		);
		const started = Date.now();
		for (;;) {
			if (redisChild.exitCode !== null) throw new Error(`redis-server exited with ${redisChild.exitCode}:\n${tail(safeRead(redisLog), 20)}`);
			if (/Ready to accept connections/.test(safeRead(redisLog))) break;
			if (Date.now() - started > 30000) throw new Error(`redis-server did not start in 30 s:\n${tail(safeRead(redisLog), 20)}`);
			await sleep(100);
		}
		log(`Postgres on 127.0.0.1:${postgres.port}, Redis on 127.0.0.1:${redisPort} (data in ${dir})`);
		ready = true;
		return {
			postgres: { host: postgres.host, port: postgres.port, user: postgres.user, database: postgres.database },
			redis: { host: '127.0.0.1', port: redisPort },
			dir,
			stop,
		};
	} finally {
		if (!ready) await stop();
	}
}
