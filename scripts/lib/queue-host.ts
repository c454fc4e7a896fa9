/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// n8n in queue mode with the packed package: Postgres and Redis (queue-services.ts), the sandbox,
// one main instance, workers (`n8n worker`) and one webhook processor (`n8n webhook`), each in its
// own user folder with the package installed as a community install does. See docs/SCALING.md.
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ensureN8n, type HostPaths, type Log, say } from './host';
import { N8nClient, OWNER } from './n8n-api';
import { freePort, n8nEnv, type Running, safeRead, sleep, startN8n, startSandboxProcess, tail } from './processes';
import { startQueueServices, type QueueServices } from './queue-services';
import { buildAndPack, CREDENTIAL_IDS, importCredentials, sandboxCredentials, unpackInto } from './setup';
import { type ChildProcess, spawnProcess } from './spawn';

export type QueueRole = 'main' | 'worker' | 'webhook';

export interface QueueInstance {
	name: string;
	role: QueueRole;
	child: ChildProcess;
	logFile: string;
	/** The instance's HTTP base (main: editor and API; webhook: production webhooks; worker: health). */
	baseUrl: string;
	/** SIGTERM, then SIGKILL to its whole process group after a grace time. */
	stop(graceMs?: number): Promise<void>;
	/** SIGKILL to its whole process group at once (a crash). */
	kill(): Promise<void>;
	log(): string;
}

export interface QueueCluster {
	dir: string;
	paths: HostPaths;
	services: QueueServices;
	sandbox: Running & { baseUrl: string };
	main: QueueInstance;
	webhook: QueueInstance;
	workers: QueueInstance[];
	/** Signed in as the owner, with an API key for the public API. */
	client: N8nClient;
	/** Starts a worker (again) under a name; it joins `workers` in place of one of the same name. */
	startWorker(name: string): Promise<QueueInstance>;
	stop(): Promise<void>;
}

export interface QueueClusterOptions {
	workers?: number;
	/** Run `npm run build` before packing (default true). */
	build?: boolean;
	/** Keep the folder with every log after stop(). */
	keep?: boolean;
	/** Extra environment for every instance. */
	extraEnv?: Record<string, string>;
	log?: Log;
}

/**
 * What every instance of one installation shares. The encryption key comes from n8nEnv (one fixed
 * key), so that every instance decrypts the credentials main stored.
 */
export function queueEnv(services: QueueServices, webhookPort: number): Record<string, string> {
	return {
		EXECUTIONS_MODE: 'queue',
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: services.postgres.host,
		DB_POSTGRESDB_PORT: String(services.postgres.port),
		DB_POSTGRESDB_DATABASE: services.postgres.database,
		DB_POSTGRESDB_USER: services.postgres.user,
		DB_POSTGRESDB_PASSWORD: '',
		QUEUE_BULL_REDIS_HOST: services.redis.host,
		QUEUE_BULL_REDIS_PORT: String(services.redis.port),
		// Binary data in Postgres: what the webhook processor stores, a worker reads (2.41's default in queue mode, said out loud).
		N8N_DEFAULT_BINARY_DATA_MODE: 'database',
		// Webhook URLs that triggers register with the service point at the webhook processor.
		N8N_WEBHOOK_URL: `http://127.0.0.1:${webhookPort}/`,
		// Manual runs from the editor go to the workers too.
		OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
		// A crashed worker's job is noticed in seconds, not minutes (defaults: 60 s lock, 30 s check, 180 min recovery).
		QUEUE_WORKER_LOCK_DURATION: '10000',
		QUEUE_WORKER_LOCK_RENEW_TIME: '2000',
		QUEUE_WORKER_STALLED_INTERVAL: '5000',
		N8N_EXECUTIONS_QUEUE_RECOVERY_INTERVAL: '1',
		N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '5',
	};
}

function processStopper(child: ChildProcess) {
	const exited = () => child.exitCode !== null || child.signalCode !== null;
	const waitExit = () => (exited() ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r())));
	const signalGroup = (signal: NodeJS.Signals) => {
		try {
			if (child.pid) process.kill(-child.pid, signal);
		} catch {
			// already gone
		}
	};
	return {
		async stop(graceMs = 10000) {
			if (exited()) return signalGroup('SIGKILL');
			child.kill('SIGTERM');
			const timer = setTimeout(() => signalGroup('SIGKILL'), graceMs);
			await waitExit();
			clearTimeout(timer);
			// Its task runner, if it outlived it.
			signalGroup('SIGKILL');
		},
		async kill() {
			signalGroup('SIGKILL');
			await waitExit();
		},
	};
}

async function waitReady(instance: QueueInstance, readyUrl: string, timeoutMs = 180000): Promise<void> {
	const started = Date.now();
	for (;;) {
		if (instance.child.exitCode !== null) {
			throw new Error(`${instance.name} exited with ${instance.child.exitCode} while starting:\n${tail(instance.log(), 40)}`);
		}
		if (Date.now() - started > timeoutMs) {
			await instance.kill();
			throw new Error(`${instance.name} was not ready within ${timeoutMs / 1000} s:\n${tail(instance.log(), 40)}`);
		}
		try {
			const res = await fetch(readyUrl);
			await res.text();
			if (res.ok) return;
		} catch {
			// not listening yet
		}
		await sleep(250);
	}
}

/** Starts `n8n worker` or `n8n webhook` in its own process group (so that a kill takes its task runner too). */
function spawnInstance(paths: HostPaths, name: string, role: 'worker' | 'webhook', env: NodeJS.ProcessEnv, baseUrl: string, logFile: string): QueueInstance {
	const out = createWriteStream(logFile, { flags: 'a' });
	const args = role === 'worker' ? ['worker', '--concurrency=10'] : ['webhook'];
	const child = spawnProcess(paths.nodeBin, [paths.n8nBin, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
	child.stdout?.pipe(out);
	child.stderr?.pipe(out);
	return { name, role, child, logFile, baseUrl, ...processStopper(child), log: () => safeRead(logFile) };
}

/** Installs (first time) and starts the whole queue-mode installation; stop() ends all of it. */
export async function startQueueCluster(o: QueueClusterOptions = {}): Promise<QueueCluster> {
	const log = o.log ?? say;
	const workerCount = o.workers ?? 2;
	const paths = await ensureN8n(log);
	const dir = mkdtempSync(join(tmpdir(), 'skyslope-queue-n8n-'));
	const t0 = Date.now();
	const t = (what: string) => log(`  ${what} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
	const settle = <T>(p: Promise<T>) => p.then((v) => v, (e: Error) => e);

	const [services, packed, sandbox] = await Promise.all([
		settle(startQueueServices(log)),
		settle(buildAndPack(log, o.build !== false)),
		settle(startSandboxProcess(0, join(dir, 'sandbox.log'))),
	]);
	const started: Array<{ stop(): Promise<void> }> = [];
	for (const s of [sandbox, services]) if (!(s instanceof Error)) started.push(s);
	if (!(packed instanceof Error)) started.push({ stop: async () => packed.cleanup() });
	const failEarly = [services, packed, sandbox].find((x) => x instanceof Error);
	const cleanup = async () => {
		for (const s of started.reverse()) await s.stop().catch(() => undefined);
		if (!o.keep) rmSync(dir, { recursive: true, force: true });
	};
	if (failEarly) {
		await cleanup();
		throw failEarly;
	}
	const svc = services as QueueServices;
	const sbx = sandbox as Running & { baseUrl: string };
	const pkg = packed as Exclude<typeof packed, Error>;
	t(`Postgres, Redis and the sandbox (${sbx.baseUrl}) up, package packed`);

	let ready = false;
	try {
		const mainPort = await freePort();
		const webhookPort = await freePort();
		const shared = { ...queueEnv(svc, webhookPort), ...(o.extraEnv ?? {}) };
		const folder = async (name: string) => {
			const f = join(dir, name);
			mkdirSync(f, { recursive: true });
			await unpackInto(pkg.tarball, f, () => undefined);
			return f;
		};
		const envOf = async (name: string, port: number, extra: Record<string, string>) =>
			n8nEnv({ userFolder: await folder(name), port, brokerPort: await freePort(), extra: { ...shared, ...extra } });

		const mainEnv = await envOf('main', mainPort, {
			N8N_LOG_LEVEL: 'debug',
			// Production webhooks are the webhook processor's job; main serves the editor and the API.
			N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true',
		});
		await importCredentials(paths, mainEnv, await sandboxCredentials(sbx.baseUrl));
		t('database migrated, credentials imported');
		const mainRun = await startN8n(paths, mainEnv, join(dir, 'main.log'), 240000);
		const mainStop = processStopper(mainRun.child);
		const main: QueueInstance = {
			name: 'main',
			role: 'main',
			child: mainRun.child,
			logFile: mainRun.logFile,
			baseUrl: mainRun.baseUrl,
			stop: mainRun.stop,
			kill: mainStop.kill,
			log: () => safeRead(mainRun.logFile),
		};
		started.push(main);
		t(`main answering on ${main.baseUrl}`);

		const client = new N8nClient(main.baseUrl);
		await client.signIn(OWNER);
		await client.connectOAuth2(CREDENTIAL_IDS.forms);
		await client.createApiKey(`queue ${new Date().toISOString()}`);

		const workers: QueueInstance[] = [];
		const startWorker = async (name: string): Promise<QueueInstance> => {
			const healthPort = await freePort();
			const env = await envOf(name, mainPort, {
				N8N_LOG_LEVEL: 'info',
				QUEUE_HEALTH_CHECK_ACTIVE: 'true',
				QUEUE_HEALTH_CHECK_PORT: String(healthPort),
				N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
			});
			const w = spawnInstance(paths, name, 'worker', env, `http://127.0.0.1:${healthPort}`, join(dir, `${name}.log`));
			started.push(w);
			await waitReady(w, `${w.baseUrl}/healthz/readiness`);
			for (let n = 0; n < 240 && !/n8n worker is now ready/.test(w.log()); n++) await sleep(250);
			const at = workers.findIndex((x) => x.name === name);
			if (at >= 0) workers[at] = w;
			else workers.push(w);
			return w;
		};
		const webhookEnv = await envOf('webhook', webhookPort, { N8N_LOG_LEVEL: 'info' });
		const webhook = spawnInstance(paths, 'webhook', 'webhook', webhookEnv, `http://127.0.0.1:${webhookPort}`, join(dir, 'webhook.log'));
		started.push(webhook);
		// Two cores: start the three one after another rather than fighting for the CPU.
		await waitReady(webhook, `${webhook.baseUrl}/healthz/readiness`);
		for (let n = 1; n <= workerCount; n++) await startWorker(`worker-${n}`);
		t(`webhook processor on ${webhook.baseUrl}, ${workerCount} workers ready`);

		ready = true;
		return {
			dir,
			paths,
			services: svc,
			sandbox: sbx,
			main,
			webhook,
			workers,
			client,
			startWorker,
			stop: async () => {
				await cleanup();
				if (o.keep) log(`kept ${dir} (main.log, worker-*.log, webhook.log, sandbox.log)`);
			},
		};
	} finally {
		if (!ready) await cleanup();
	}
}
