/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// Everything `npm start` and the end-to-end suite share: build and install the package the way a
// community install does, start the sandbox, import credentials and workflows, start n8n, sign in,
// and connect the Forms OAuth2 credential through n8n's own authorization flow.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { cleanEnv, ensureN8n, type HostPaths, type Log, say } from './host';
import { N8nClient, OWNER } from './n8n-api';
import {
	freePort,
	n8nCliOk,
	n8nEnv,
	REPO_ROOT,
	type Running,
	startN8n,
	startSandboxProcess,
} from './processes';
import { spawnProcess } from './spawn';

export const PACKAGE_NAME = 'n8n-nodes-skyslope';

/** The fixed ids of the three sandbox credentials: example and test workflows refer to them. */
export const CREDENTIAL_IDS = {
	forms: 'skyslope-forms-sandbox',
	listings: 'skyslope-api-sandbox',
	offers: 'skyslope-offers-sandbox',
} as const;

export const CREDENTIAL_NAMES = {
	forms: 'SkySlope Forms (sandbox)',
	listings: 'SkySlope API (sandbox)',
	offers: 'SkySlope Offers (sandbox)',
} as const;

/** Runs a command in the repository; its output goes to the log (or the terminal when verbose). */
export function run(cmd: string, args: string[], opts: { cwd?: string; quiet?: boolean } = {}): Promise<string> {
	return new Promise((resolve, reject) => {
		const child = spawnProcess(cmd, args, {
			cwd: opts.cwd ?? REPO_ROOT,
			env: cleanEnv(),
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let out = '';
		child.stdout?.on('data', (c: Buffer) => (out += c.toString('utf8')));
		child.stderr?.on('data', (c: Buffer) => (out += c.toString('utf8')));
		child.on('error', reject);
		child.on('close', (code) => {
			if (code === 0) resolve(out);
			else reject(new Error(`${cmd} ${args.join(' ')} failed (exit ${code}):\n${out.split('\n').slice(-40).join('\n')}`));
		});
	});
}

/**
 * `npm run build`, `npm pack`, and the tarball unpacked into
 * `<userFolder>/.n8n/nodes/node_modules/n8n-nodes-skyslope`: node types are then
 * `n8n-nodes-skyslope.<node>`, as after a community install from n8n's UI.
 */
export interface Packed {
	tarball: string;
	/** Removes the temporary folder of the tarball. */
	cleanup(): void;
}

/**
 * The tarball `npm test` packs once for the whole run (scripts/test.ts): every stage installs it
 * instead of building and packing again.
 */
export const PACKED_ONCE = 'SKYSLOPE_PACKED_TARBALL';

/** What the build reads: everything else in the repository stays out of a clean copy. */
const BUILD_INPUTS = ['package.json', 'tsconfig.json', 'scripts/copy-assets.js', 'README.md', 'LICENSE', 'CHANGELOG.md', 'nodes', 'credentials'];

/**
 * Builds and packs a clean copy of the repository in `work` (so a stale local dist/ can neither
 * hide nor add anything, and the checkout is not touched); returns the tarball's path.
 */
export async function packCleanCopy(work: string): Promise<string> {
	const source = join(work, 'source');
	mkdirSync(source, { recursive: true });
	for (const entry of BUILD_INPUTS) {
		if (existsSync(join(REPO_ROOT, entry))) cpSync(join(REPO_ROOT, entry), join(source, entry), { recursive: true });
	}
	symlinkSync(join(REPO_ROOT, 'node_modules'), join(source, 'node_modules'), 'dir');
	await run('npm', ['run', 'build'], { cwd: source });
	const packDir = join(work, 'pack');
	mkdirSync(packDir, { recursive: true });
	const out = await run('npm', ['pack', '--json', '--pack-destination', packDir], { cwd: source });
	const [{ filename }] = JSON.parse(out.slice(out.indexOf('['))) as Array<{ filename: string }>;
	return join(packDir, filename);
}

/** `npm run build` (unless build is false) and `npm pack` into a temporary folder. */
export async function buildAndPack(log: Log, build = true): Promise<Packed> {
	const once = process.env[PACKED_ONCE];
	if (once && existsSync(once)) {
		log(`Using the package packed once for this run (${once})`);
		return { tarball: once, cleanup: () => undefined };
	}
	if (build) {
		log('Building the package (npm run build)...');
		await run('npm', ['run', 'build']);
	}
	const packDir = mkdtempSync(join(tmpdir(), 'skyslope-pack-'));
	const cleanup = () => rmSync(packDir, { recursive: true, force: true });
	const out = await run('npm', ['pack', '--json', '--pack-destination', packDir]).catch((error: Error) => {
		cleanup();
		return error;
	});
	if (out instanceof Error) throw out;
	const packed = JSON.parse(out.slice(out.indexOf('['))) as Array<{ filename: string }>;
	return { tarball: join(packDir, packed[0].filename.replace(/^@[^/]+\//, '').replace('/', '-')), cleanup };
}

/** Unpacks the tarball into `<userFolder>/.n8n/nodes/node_modules/n8n-nodes-skyslope`, as n8n's community install does. */
export async function unpackInto(tarball: string, userFolder: string, log: Log): Promise<string> {
	const nodesDir = join(userFolder, '.n8n', 'nodes');
	const target = join(nodesDir, 'node_modules', PACKAGE_NAME);
	rmSync(target, { recursive: true, force: true });
	mkdirSync(target, { recursive: true });
	await run('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
	if (!existsSync(join(nodesDir, 'package.json'))) {
		writeFileSync(
			join(nodesDir, 'package.json'),
			`${JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2)}\n`,
		);
	}
	const manifest = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8')) as { version: string };
	log(`Installed ${PACKAGE_NAME}@${manifest.version} into ${target}`);
	return target;
}

/**
 * `npm run build`, `npm pack`, and the tarball unpacked into
 * `<userFolder>/.n8n/nodes/node_modules/n8n-nodes-skyslope`: node types are then
 * `n8n-nodes-skyslope.<node>`, as after a community install from n8n's UI.
 */
export async function installPackage(userFolder: string, log: Log, opts: { build?: boolean } = {}): Promise<string> {
	const packed = await buildAndPack(log, opts.build !== false);
	try {
		return await unpackInto(packed.tarball, userFolder, log);
	} finally {
		packed.cleanup();
	}
}

interface SandboxInfo {
	services: Record<string, { baseUrl: string; credentials: Record<string, string> }>;
}

/** A credential hint by any of its spellings ("clientId", "Client ID"). */
function hint(info: SandboxInfo, service: string, key: string): string {
	const norm = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
	const creds = info.services[service]?.credentials ?? {};
	for (const [k, v] of Object.entries(creds)) if (norm(k) === norm(key)) return v;
	throw new Error(`the sandbox gives no "${key}" for ${service}`);
}

/** The three credentials, pointing at the sandbox, in `n8n import:credentials` format (plaintext data). */
export async function sandboxCredentials(sandboxUrl: string): Promise<Array<Record<string, unknown>>> {
	const res = await fetch(`${sandboxUrl}/_sandbox/info`);
	const info = (await res.json()) as SandboxInfo;
	const now = new Date().toISOString();
	const common = { createdAt: now, updatedAt: now, isManaged: false };
	return [
		{
			...common,
			id: CREDENTIAL_IDS.forms,
			name: CREDENTIAL_NAMES.forms,
			type: 'skySlopeFormsOAuth2Api',
			data: {
				environment: 'custom',
				customBaseUrl: hint(info, 'forms', 'baseUrl'),
				customAccountsUrl: hint(info, 'forms', 'accountsUrl'),
				clientId: hint(info, 'forms', 'clientId'),
				clientSecret: hint(info, 'forms', 'clientSecret'),
				// Every scope the sandbox grants, so that every operation can run (the defaults leave out the admin ones).
				scopes: hint(info, 'forms', 'scopes')
					.split(' ')
					.filter((s) => s && s !== 'offline_access'),
				authentication: 'body',
			},
		},
		{
			...common,
			id: CREDENTIAL_IDS.listings,
			name: CREDENTIAL_NAMES.listings,
			type: 'skySlopeApi',
			data: {
				environment: 'custom',
				customBaseUrl: hint(info, 'listings', 'baseUrl'),
				clientId: hint(info, 'listings', 'clientId'),
				clientSecret: hint(info, 'listings', 'clientSecret'),
				accessKey: hint(info, 'listings', 'accessKey'),
				accessSecret: hint(info, 'listings', 'accessSecret'),
			},
		},
		{
			...common,
			id: CREDENTIAL_IDS.offers,
			name: CREDENTIAL_NAMES.offers,
			type: 'skySlopeOffersOAuth2Api',
			data: {
				environment: 'custom',
				customBaseUrl: hint(info, 'offers', 'baseUrl'),
				clientId: hint(info, 'offers', 'clientId'),
				clientSecret: hint(info, 'offers', 'clientSecret'),
			},
		},
	];
}

/** A stable workflow id for an example file without one (n8n ids are 16 characters). */
export function stableId(seed: string): string {
	return createHash('sha256').update(seed).digest('base64').replace(/[^A-Za-z0-9]/g, '').slice(0, 16);
}

export interface ExampleFile {
	file: string;
	id: string;
	workflow: Record<string, unknown>;
}

/** examples/*.json, each given a stable id from its file name when it has none. */
export function readExamples(dir = join(REPO_ROOT, 'examples')): ExampleFile[] {
	if (!existsSync(dir)) return [];
	return readdirSync(dir)
		.filter((f) => f.endsWith('.json'))
		.sort()
		.map((file) => {
			const workflow = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
			const id = typeof workflow.id === 'string' && workflow.id ? workflow.id : stableId(`example:${file}`);
			return { file, id, workflow };
		});
}

/** Imports workflows through n8n's CLI (n8n must not be running on the same user folder). */
export async function importWorkflows(
	paths: HostPaths,
	env: NodeJS.ProcessEnv,
	workflows: Array<{ id: string; workflow: Record<string, unknown> }>,
): Promise<void> {
	if (workflows.length === 0) return;
	const dir = mkdtempSync(join(tmpdir(), 'skyslope-workflows-'));
	try {
		for (const { id, workflow } of workflows) {
			const now = new Date().toISOString();
			const body = { createdAt: now, updatedAt: now, settings: {}, pinData: {}, ...workflow, id, active: false };
			writeFileSync(join(dir, `${id}.json`), JSON.stringify(body));
		}
		await n8nCliOk(paths, env, ['import:workflow', '--separate', `--input=${dir}`]);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

export async function importCredentials(
	paths: HostPaths,
	env: NodeJS.ProcessEnv,
	credentials: Array<Record<string, unknown>>,
): Promise<void> {
	const dir = mkdtempSync(join(tmpdir(), 'skyslope-credentials-'));
	try {
		const file = join(dir, 'credentials.json');
		writeFileSync(file, JSON.stringify(credentials));
		await n8nCliOk(paths, env, ['import:credentials', `--input=${file}`]);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

export interface HostOptions {
	/** N8N_USER_FOLDER: n8n keeps its data in `<userFolder>/.n8n`. */
	userFolder: string;
	n8nPort: number;
	/** 0: any free port. */
	sandboxPort: number;
	/** Keep what the user changed: import credentials and examples only when missing. */
	persistent: boolean;
	/** Import examples/*.json. */
	examples: boolean;
	/** Import the sandbox's three credentials (default true; the demo creates them in the editor). */
	sandboxCredentials?: boolean;
	/** Run `npm run build` before packing (default true). */
	build?: boolean;
	/** Create an API key for the public API. */
	apiKey?: boolean;
	/** Where the sandbox keeps its webhook subscriptions and tokens across restarts (none: memory). */
	sandboxStateDir?: string;
	/** Start n8n and the sandbox in process groups of their own (`npm start`; see ChildOptions). */
	ownProcessGroups?: boolean;
	log?: Log;
	/** The zone n8n runs in (default UTC): the end-to-end suites run it outside UTC, as many self-hosted instances do. */
	timezone?: string;
	/** More credentials to import beside the sandbox's (e.g. the mirror's Postgres), in n8n's export format. */
	extraCredentials?: Array<Record<string, unknown>>;
	/** More workflows to import beside examples/*.json (e.g. examples/mirror/), with their ids. */
	extraWorkflows?: ExampleFile[];
	/** More of n8n's environment (e.g. the durable scheduler's switches), on every start. */
	n8nEnv?: Record<string, string>;
	/** Node's own options for n8n's process (the benchmarks' `--trace-gc`). */
	n8nNodeArgs?: string[];
	/** A container's memory limit for n8n, in MB (benchmarks; see ChildOptions). */
	n8nMemoryLimitMb?: number;
}

export interface Host {
	paths: HostPaths;
	userFolder: string;
	n8n: Running & { baseUrl: string };
	sandbox: Running & { baseUrl: string };
	client: N8nClient;
	apiKey?: string;
	/** Example file name -> workflow id. */
	examples: Record<string, string>;
	/** Stops the sandbox and starts it again on the same port (and, unless given, the same state folder). */
	restartSandbox(opts?: { stateDir?: string }): Promise<void>;
	/** Stops n8n and starts it again on the same user folder and port (with `extraEnv`, if given); signs in again. */
	restartN8n(extraEnv?: Record<string, string>): Promise<void>;
	stop(): Promise<void>;
}

interface HostState {
	credentialsImported?: boolean;
	examples?: Record<string, string>;
}

function timed(log: Log) {
	const t0 = Date.now();
	return (what: string) => log(`  ${what} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

/** Installs (first time), prepares and starts the sandbox and n8n. stop() ends both. */
export async function startHost(o: HostOptions): Promise<Host> {
	const log = o.log ?? say;
	const paths = await ensureN8n(log);
	const t = timed(log);
	mkdirSync(o.userFolder, { recursive: true });
	// The package builds while the sandbox starts and n8n's CLI imports credentials and examples.
	const building = buildAndPack(log, o.build !== false).then(
		(packed) => packed,
		(error: Error) => error,
	);
	const group = { ownGroup: o.ownProcessGroups === true };
	const sandboxLog = join(o.userFolder, 'sandbox.log');
	const sandboxOrError = await startSandboxProcess(o.sandboxPort || (await freePort()), sandboxLog, { ...group, stateDir: o.sandboxStateDir }).then(
		(s) => s,
		(error: Error) => error,
	);
	if (sandboxOrError instanceof Error) {
		const packed = await building;
		if (!(packed instanceof Error)) packed.cleanup();
		throw sandboxOrError;
	}
	const sandbox = sandboxOrError;
	let n8n: (Running & { baseUrl: string }) | undefined;
	let ready = false;
	try {
		t(`sandbox listening on ${sandbox.baseUrl}`);
		const env = n8nEnv({ userFolder: o.userFolder, port: o.n8nPort, brokerPort: await freePort(), timezone: o.timezone, extra: o.n8nEnv });
		const stateFile = join(o.userFolder, 'skyslope-host.json');
		const state: HostState =
			o.persistent && existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as HostState) : {};

		const examples = [...(o.examples ? readExamples() : []), ...(o.extraWorkflows ?? [])];
		const known = state.examples ?? {};
		const missing = examples.filter((e) => !o.persistent || !known[e.file]);
		const importing = (async () => {
			if (!state.credentialsImported && o.sandboxCredentials !== false) {
				await importCredentials(paths, env, await sandboxCredentials(sandbox.baseUrl));
				state.credentialsImported = true;
				t('credentials imported');
			}
			// Every time: they point at services started anew on each run (a database on a free port).
			if (o.extraCredentials?.length) await importCredentials(paths, env, o.extraCredentials);
			if (missing.length) {
				await importWorkflows(paths, env, missing);
				for (const e of missing) known[e.file] = e.id;
				t(`${missing.length} example workflow(s) imported`);
			}
		})().then(
			() => undefined,
			(error: Error) => error,
		);
		const [packed, importError] = await Promise.all([building, importing]);
		if (packed instanceof Error) {
			throw packed;
		}
		try {
			await unpackInto(packed.tarball, o.userFolder, log);
		} finally {
			packed.cleanup();
		}
		if (importError) throw importError;
		t('package built and installed');
		state.examples = known;
		writeFileSync(stateFile, `${JSON.stringify(state, null, 2)}\n`);

		n8n = await startN8n(paths, env, join(o.userFolder, 'n8n.log'), undefined, { ...group, memoryLimitMb: o.n8nMemoryLimitMb }, o.n8nNodeArgs);
		t(`n8n answering on ${n8n.baseUrl}`);
		const client = new N8nClient(n8n.baseUrl);
		await client.signIn(OWNER);
		await connectFormsIfSandbox(client, sandbox.baseUrl, log);
		t('owner signed in, Forms credential connected');
		let apiKey: string | undefined;
		if (o.apiKey) apiKey = await client.createApiKey(`e2e ${new Date().toISOString()}`);
		ready = true;
		const host: Host = {
			paths,
			userFolder: o.userFolder,
			n8n,
			sandbox,
			client,
			apiKey,
			examples: known,
			async restartSandbox(again = {}) {
				await host.sandbox.stop();
				const port = Number(new URL(host.sandbox.baseUrl).port);
				const stateDir = 'stateDir' in again ? again.stateDir : o.sandboxStateDir;
				host.sandbox = await startSandboxProcess(port, sandboxLog, { ...group, stateDir });
			},
			async restartN8n(extraEnv = {}) {
				await host.n8n.stop();
				host.n8n = await startN8n(paths, { ...env, ...extraEnv }, join(o.userFolder, 'n8n.log'), undefined, { ...group, memoryLimitMb: o.n8nMemoryLimitMb }, o.n8nNodeArgs);
				await host.client.signIn(OWNER);
			},
			async stop() {
				await host.n8n.stop();
				await host.sandbox.stop();
			},
		};
		return host;
	} finally {
		if (!ready) {
			if (n8n) await n8n.stop();
			await sandbox.stop();
		}
	}
}

/**
 * The sandbox forgets its tokens when it restarts; a Forms credential that still points at the
 * sandbox is connected again through n8n's OAuth2 flow. One pointing elsewhere is left alone.
 */
async function connectFormsIfSandbox(client: N8nClient, sandboxUrl: string, log: Log): Promise<void> {
	let data: Record<string, unknown> | undefined;
	try {
		const cred = await client.rest<{ data?: Record<string, unknown> }>(
			'GET',
			`/credentials/${CREDENTIAL_IDS.forms}?includeData=true`,
		);
		data = cred?.data;
	} catch {
		log(`  (no credential ${CREDENTIAL_IDS.forms}: nothing to connect)`);
		return;
	}
	const accounts = String(data?.customAccountsUrl ?? '');
	if (data?.environment !== 'custom' || !accounts.startsWith(sandboxUrl)) {
		log(`  Forms credential points at ${accounts || String(data?.environment)}: not reconnecting it`);
		return;
	}
	await client.connectOAuth2(CREDENTIAL_IDS.forms);
}
