/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// `npm test`: every stage of the suite, and one closing line `N passed, N failed` summed over all.
//
//   lint     n8n-node lint                 the ecosystem's rules, strict, as n8n's verification runs them
//   unit     jest.config.js                the nodes, credentials and sandbox, no n8n
//   e2e      test/e2e/jest.config.js       the packed package inside a real n8n 2.x (two shards)
//   queue    test/queue/jest.config.js     n8n in queue mode: Postgres, Redis, main, workers, webhook processor
//   mirror   test/mirror/jest.config.js    the mirror examples in n8n with a real Postgres
//   browser  test/browser/jest.config.js   the editor in headless Chromium
//   e2e-1x   test/e2e-1x/jest.config.js    the smoke set inside n8n 1.x
//
// The package is built and packed once, from a clean copy, and every stage installs that tarball.
// Most stages spend their time waiting on n8n's poll ticks and schedules, not on the CPU, so they
// run side by side in lanes (LANES below); each stage has its own n8n, sandbox and database, and
// its output goes to a log of its own, printed whole when it fails. Each stage waits only for what
// it needs installed (n8n 2.x, n8n 1.x, Postgres and Redis, Chromium; installed on the first run).
//
//   npm test                         everything
//   npm test -- --unit               the unit tests only (a few minutes)
//   npm test -- --stage lint         n8n-node lint only
//   npm test -- --e2e                every stage but the unit tests
//   npm test -- --stage e2e offers   one stage, here with a jest path pattern (one node's tests)
//   npm test -- --stage e2e --shard 2   one shard of the end-to-end stage (a CI job)
//   npm test -- --serial             the stages one after another (a small machine)
// Exits non-zero when anything failed.
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ensureChromium } from './lib/browser';
import { ensureN8n, N8N_LINES, say } from './lib/host';
import { REPO_ROOT } from './lib/processes';
import { ensureQueueServices } from './lib/queue-services';
import { PACKED_ONCE, packCleanCopy } from './lib/setup';
import { spawnProcess } from './lib/spawn';

interface JestJson {
	numPassedTests: number;
	numFailedTests: number;
	numPendingTests: number;
	testResults: Array<{ name: string; status: string; assertionResults: unknown[] }>;
}

interface Tally {
	name: string;
	passed: number;
	failed: number;
	skipped: number;
	exitCode: number;
	seconds: number;
	log?: string;
}

type Need = 'n8n 2.x' | 'n8n 1.x' | 'postgres and redis' | 'chromium';

interface Stage {
	name: string;
	/** A jest configuration; without one, `command` is the stage, one check passed or failed. */
	config?: string;
	command?: string[];
	needs: Need[];
	args?: string[];
}

const STAGES = ['lint', 'unit', 'e2e', 'queue', 'mirror', 'browser', 'e2e-1x'] as const;
type StageName = (typeof STAGES)[number];

const CONFIG: Record<StageName, { config?: string; command?: string[]; needs: Need[]; args?: string[] }> = {
	lint: { command: [join(REPO_ROOT, 'node_modules', '.bin', 'n8n-node'), 'lint'], needs: [] },
	unit: { config: 'jest.config.js', needs: [] },
	e2e: { config: 'test/e2e/jest.config.js', needs: ['n8n 2.x'] },
	queue: { config: 'test/queue/jest.config.js', needs: ['n8n 2.x', 'postgres and redis'], args: ['--passWithNoTests'] },
	mirror: { config: 'test/mirror/jest.config.js', needs: ['n8n 2.x', 'postgres and redis'], args: ['--passWithNoTests'] },
	browser: { config: 'test/browser/jest.config.js', needs: ['n8n 2.x', 'chromium'], args: ['--passWithNoTests'] },
	'e2e-1x': { config: 'test/e2e-1x/jest.config.js', needs: ['n8n 1.x'] },
};

/**
 * The end-to-end files that wait longest on one-minute poll ticks, in shards of their own, each
 * with an n8n of its own: every other file of test/e2e runs in the first shard, so a new file is
 * never left out. The durable scheduler's file starts its own n8n too, and restarts it.
 */
const E2E_SHARDS = [
	// live-service.test.ts is most of the first shard: these balance it (two runs of 2026-11-28 evening:
	// this shard 1,095 and 1,225 s with npm-start and offers in it as well, the first 921 and 925 s).
	['trigger-runtime.test.ts', 'skyslope.test.ts', 'forms.test.ts', 'forms-trigger-alive.test.ts'],
	['durable-scheduler.test.ts'],
];

/**
 * Which stages run one after another, lane by lane; the lanes run side by side. Measured on
 * 2 cores (CONTRIBUTING.md, "How long `npm test` takes"): the last lane, three stages one after
 * another, is the longest and sets the run's length.
 */
// Queue mode last in its lane: beside all six other lanes its main stopped answering for minutes
// in two runs of 2026-11-28 (1,154 s and a REST call past 300 s); after lint and unit (about 550 s,
// where it started about 600 s before) it starts as the others end. The browser stage walks every
// nodes-panel entry since 2026-11-29 (about 650 s): after e2e-1x, in a lane of their own.
const LANES = [['lint', 'unit', 'queue'], ['e2e 1/3'], ['e2e 2/3'], ['e2e 3/3'], ['mirror'], ['e2e-1x', 'browser']];

/** A stage that is one command: passed when it exits 0. */
function runCommand(stage: Stage, outDir: string): Promise<Tally> {
	const logFile = join(outDir, `${stage.name}.log`);
	const log = createWriteStream(logFile);
	const started = Date.now();
	const [cmd, ...args] = stage.command ?? [];
	return new Promise((resolve) => {
		const child = spawnProcess(cmd, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
		child.stdout?.pipe(log, { end: false });
		child.stderr?.pipe(log, { end: false });
		child.on('error', (error) => log.write(`${error.message}\n`));
		child.on('close', (code) => {
			log.end();
			const ok = code === 0;
			const tally: Tally = { name: stage.name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, exitCode: code ?? 1, seconds: (Date.now() - started) / 1000, log: logFile };
			say(`[${stage.name}] ${ok ? 'passed' : `failed (exit ${code})`} (${tally.seconds.toFixed(0)} s)`);
			resolve(tally);
		});
	});
}

function runJest(stage: Stage, outDir: string): Promise<Tally> {
	const file = stage.name.replace(/[^\w-]+/g, '-');
	const outputFile = join(outDir, `${file}.json`);
	const logFile = join(outDir, `${file}.log`);
	const log = createWriteStream(logFile);
	const started = Date.now();
	say(`[${stage.name}] started`);
	return new Promise((resolve) => {
		const child = spawnProcess(
			process.execPath,
			// --forceExit: a test that failed half-way may leave a server open, and jest would wait
			// for it forever after its results are in; the stage's teardown has stopped n8n by then.
			[join(REPO_ROOT, 'node_modules', 'jest', 'bin', 'jest.js'), '-c', stage.config ?? 'jest.config.js', ...(stage.args ?? []), '--forceExit', '--json', `--outputFile=${outputFile}`],
			{ cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
		);
		// Each finished test file is one line on the terminal; the stage's whole output is in its log.
		let pending = '';
		const onData = (chunk: Buffer) => {
			log.write(chunk);
			pending += chunk.toString('utf8');
			const lines = pending.split('\n');
			pending = lines.pop() ?? '';
			for (const line of lines) if (/^(PASS|FAIL) /.test(line)) say(`[${stage.name}] ${line}`);
		};
		child.stdout?.on('data', onData);
		child.stderr?.on('data', onData);
		child.on('close', (code) => {
			log.end();
			const tally: Tally = { name: stage.name, passed: 0, failed: 0, skipped: 0, exitCode: code ?? 1, seconds: (Date.now() - started) / 1000, log: logFile };
			if (existsSync(outputFile)) {
				const result = JSON.parse(readFileSync(outputFile, 'utf8')) as JestJson;
				tally.passed = result.numPassedTests;
				tally.failed = result.numFailedTests;
				tally.skipped = result.numPendingTests;
				// A test file that failed to load or run counts as one failure of its own.
				for (const suite of result.testResults) {
					if (suite.status === 'failed' && suite.assertionResults.length === 0) tally.failed++;
				}
			}
			// Jest did not get to run tests (a global setup failed), or exited non-zero for another reason.
			if (tally.exitCode !== 0 && tally.failed === 0) tally.failed = 1;
			say(`[${stage.name}] ${tally.passed} passed, ${tally.failed} failed (${tally.seconds.toFixed(0)} s)`);
			resolve(tally);
		});
	});
}

/** What installs each need, started once and shared by every stage that waits on it. */
function installs(): Record<Need, () => Promise<Error | undefined>> {
	const once = (fn: () => Promise<unknown>) => {
		let p: Promise<Error | undefined> | undefined;
		return () =>
			(p ??= fn().then(
				() => undefined,
				(error: Error) => error,
			));
	};
	const n8nLine = (line: '1' | '2') => ensureN8n((l) => say(`[n8n ${N8N_LINES[line].n8n} host] ${l}`), N8N_LINES[line]);
	// The two n8n lines install one after the other (each compiles sqlite3; two at once only slow
	// each other), and so do the Debian packages (apt-get takes one lock); only what is asked for.
	const queue = (): (<T>(fn: () => Promise<T>) => Promise<T>) => {
		let last: Promise<unknown> = Promise.resolve();
		return <T>(fn: () => Promise<T>) => {
			const next = last.then(fn, fn);
			last = next.catch(() => undefined);
			return next;
		};
	};
	const [n8nQueue, aptQueue] = [queue(), queue()];
	const n8n2 = once(() => n8nQueue(() => n8nLine('2')));
	const n8n1 = once(() => n8nQueue(() => n8nLine('1')));
	const services = once(() => aptQueue(() => ensureQueueServices((l) => say(`[debian] ${l}`))));
	const chromium = once(() => aptQueue(() => ensureChromium((l) => say(`[debian] ${l}`))));
	return { 'n8n 2.x': n8n2, 'n8n 1.x': n8n1, 'postgres and redis': services, chromium };
}

function parseArgs(argv: string[]) {
	const chosen = new Set<StageName>();
	const passThrough: string[] = [];
	let serial = false;
	let shard: number | undefined;
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		if (a === '--unit') chosen.add('unit');
		else if (a === '--shard' || a.startsWith('--shard=')) shard = Number(a === '--shard' ? argv[++i] : a.slice('--shard='.length));
		else if (a === '--e2e') for (const s of STAGES.filter((n) => n !== 'unit' && n !== 'lint')) chosen.add(s);
		else if (a === '--serial') serial = true;
		else if (a === '--stage' || a.startsWith('--stage=')) {
			const name = a === '--stage' ? argv[++i] : a.slice('--stage='.length);
			if (!STAGES.includes(name as StageName)) throw new Error(`--stage ${name}: not a stage (${STAGES.join(', ')})`);
			chosen.add(name as StageName);
		} else passThrough.push(a);
	}
	return { stages: chosen.size ? chosen : new Set<StageName>(STAGES), passThrough, serial, shard };
}

/** The stages to run, the e2e stage in two shards unless a pattern picks its files. */
function plan(chosen: Set<StageName>, passThrough: string[], shard?: number): Stage[] {
	const stages: Stage[] = [];
	for (const name of STAGES) {
		if (!chosen.has(name)) continue;
		const { config, command, needs, args = [] } = CONFIG[name];
		if (command) {
			stages.push({ name, command, needs });
			continue;
		}
		if (name === 'e2e' && passThrough.length === 0) {
			const files = readdirSync(join(REPO_ROOT, 'test', 'e2e')).filter((f) => f.endsWith('.test.ts'));
			const shards = [files.filter((f) => !E2E_SHARDS.flat().includes(f)), ...E2E_SHARDS.map((shard) => files.filter((f) => shard.includes(f)))];
			const paths = (list: string[]) => list.map((f) => `test/e2e/${f.replace(/\./g, '\\.')}$`);
			shards.forEach((files, n) => {
				if (shard === undefined || shard === n + 1) stages.push({ name: `e2e ${n + 1}/${shards.length}`, config, needs, args: [...args, ...paths(files)] });
			});
		} else {
			stages.push({ name, config, needs, args: [...args, ...passThrough] });
		}
	}
	return stages;
}

async function main() {
	const { stages: chosen, passThrough, serial, shard } = parseArgs(process.argv.slice(2));
	const stages = plan(chosen, passThrough, shard);
	const outDir = mkdtempSync(join(tmpdir(), 'skyslope-test-'));
	const started = Date.now();

	// One build and one pack for every stage (test/publish reads the same tarball).
	if (stages.some((s) => s.config)) {
		say('[package] building and packing a clean copy once for every stage...');
		process.env[PACKED_ONCE] = await packCleanCopy(join(outDir, 'package'));
		say(`[package] ${process.env[PACKED_ONCE]} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
	}

	const install = installs();
	const runStage = async (stage: Stage): Promise<Tally> => {
		for (const need of stage.needs) {
			const failed = await install[need]();
			if (failed) {
				say(`[${stage.name}] ${need} could not be installed, so this stage cannot run:\n${failed.message}`);
				return { name: stage.name, passed: 0, failed: 1, skipped: 0, exitCode: 1, seconds: 0 };
			}
		}
		return stage.command ? runCommand(stage, outDir) : runJest(stage, outDir);
	};
	// Installs start at once, beside the unit tests, so a first run waits for them as little as it can.
	if (stages.some((s) => s.name !== 'unit')) for (const need of new Set(stages.flatMap((s) => s.needs))) void install[need]();

	const byName = new Map(stages.map((s) => [s.name, s]));
	const lanes = serial
		? [stages]
		: [
				...LANES.map((lane) => lane.flatMap((name) => byName.get(name) ?? [])),
				// A stage no lane names (a pattern-picked e2e) runs in a lane of its own.
				...stages.filter((s) => !LANES.flat().includes(s.name)).map((s) => [s]),
			].filter((lane) => lane.length);
	const tallies = (
		await Promise.all(
			lanes.map(async (lane) => {
				const done: Tally[] = [];
				for (const stage of lane) done.push(await runStage(stage));
				return done;
			}),
		)
	).flat();

	say('');
	const failedLogs = tallies.filter((t) => t.failed > 0 && t.log);
	for (const t of failedLogs) {
		say(`===== ${t.name}: its whole output (${t.log}) =====`);
		say(readFileSync(t.log!, 'utf8'));
	}
	for (const t of tallies) {
		say(`${t.name}: ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped (${t.seconds.toFixed(0)} s, exit ${t.exitCode})`);
	}
	say(`all stages in ${((Date.now() - started) / 1000).toFixed(0)} s`);
	const passed = tallies.reduce((s, t) => s + t.passed, 0);
	const failed = tallies.reduce((s, t) => s + t.failed, 0);
	say(`${passed} passed, ${failed} failed`);
	// Logs of a failed run stay for reading; a green run leaves nothing behind.
	if (failed === 0) rmSync(outDir, { recursive: true, force: true });
	process.exit(failed > 0 || tallies.some((t) => t.exitCode !== 0) ? 1 : 0);
}

void main();
