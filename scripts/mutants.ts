/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// Mutation testing of the triggers' runtime: each mutant below puts back one rule that was wrong once
// (an audit's defect, a bug the model found) or breaks one the triggers stand on, and the model's
// generated histories alone (test/runtime, "generated histories", no named test) must kill it.
//
// Why a curated set and not StrykerJS: every mutant costs a run of the model's properties (minutes at
// the long mode's size); Stryker's hundreds of syntactic mutants of these files would take days, most
// of them killed by a type check or changing nothing the model can see (a log line). These are
// semantic: each one changes what a trigger emits, or when, under some history n8n can produce. A
// mutant that survives is a history the generators do not make: widen them, or say here why the
// mutant changes nothing emitted.
//
// Replayable: the baseline and every mutant run the same histories, one jest run per seed of
// MODEL_SEEDS (fast-check's seed, MODEL_SEED in the model's tests). A mutant counts as killed only
// where it fails and the baseline passed on that seed, and in the score only when killed on every
// seed; a seed's counterexample replays it (MODEL_SEED=<seed> MODEL_RUNS=<n> npx jest <tests>).
//
//   npm run test:mutants                 every mutant, MODEL_RUNS=40 histories a property, seeds 1 and 2
//   MODEL_RUNS=100 npm run test:mutants  the long mode's size (CI's mutants job)
//   MUTANTS=memory-wins,late MODEL_SEEDS=7,8,9 npm run test:mutants
import { createHash } from 'crypto';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'fs';
import { cpus, homedir, tmpdir } from 'os';
import { join } from 'path';

import { spawnProcess } from './lib/spawn';

interface Mutant {
	id: string;
	file: string;
	from: string;
	to: string;
	/** What the mutant puts back, in words. */
	what: string;
	/** Which model tests can see it (a jest path pattern). */
	tests: string;
	/**
	 * Why the mutant changes nothing a history can emit, when that is so: it still runs, and if it
	 * survives it is reported as equivalent, not as a gap in the generators.
	 */
	equivalent?: string;
}

const POLL = 'test/runtime/(listings|offers)';
const MUTANTS: Mutant[] = [
	{
		id: 'memory-wins',
		file: 'nodes/SkySlope/shared/pollRuntime.ts',
		from: 'const fromMemory = slot.newest !== undefined && since !== undefined && carriesOn(since, budgetMs);',
		to: 'const fromMemory = slot.newest !== undefined;',
		what: "the process's memory wins over a state another main saved (the last audit's defect 3)",
		tests: POLL,
	},
	{
		id: 'late',
		file: 'nodes/SkySlope/shared/pollRuntime.ts',
		from: 'const late = items.length > 0 && elapsed > deadline;',
		to: 'const late = false;',
		what: "a poll past n8n's time emits its items (n8n has abandoned it: they are lost)",
		tests: POLL,
	},
	{
		id: 'no-late-reread',
		file: 'nodes/SkySlope/shared/pollRuntime.ts',
		from: 'const lateFrom = keptItems.length && slot.lateFrom && slot.lateFrom.stamp === stampOf(start) ? slot.lateFrom.state : undefined;',
		to: 'const lateFrom = undefined as IDataObject | undefined;',
		what: "a late poll's kept items go out at the next tick unread again, after another main's newer report a sibling's save took back (issue 61)",
		tests: POLL,
	},
	{
		id: 'late-reread-dropped',
		file: 'nodes/SkySlope/shared/pollRuntime.ts',
		from: 'const reread = lateFrom ? await readAgain(ctx, label, poll, lateFrom, { budgetMs, since: now, late: { state: copyJson(clean(start)) as IDataObject, items: keptItems } }) : undefined;',
		to: 'const reread = lateFrom ? await readAgain(ctx, label, poll, lateFrom, { budgetMs, since: now, late: { state: copyJson(clean(start)) as IDataObject, items: keptItems } }).then((r) => (r && r.elapsed <= deadline ? r : undefined)) : undefined;',
		what: "a read again after a late poll that is late too is thrown away: the next tick emits the first poll's older items (issue 61)",
		tests: POLL,
	},
	{
		id: 'thrown-away',
		file: 'nodes/SkySlope/shared/pollRuntime.ts',
		from: 'slot.line.push(items.length && !late ? { stamp, emitted: true } : { stamp });',
		to: 'slot.line.push({ stamp });',
		what: "an emitting poll's state stays this process's though n8n threw its items away (issue 53, 1)",
		tests: POLL,
	},
	{
		id: 'sibling-blind',
		file: 'nodes/SkySlope/shared/pollRuntime.ts',
		from: 'return budgetMs < UNFENCED_BUDGET_MS || !since.some((entry) => entry.emitted);',
		to: 'return !since.some((entry) => entry.emitted);',
		what: "a durable tick starts from the state another polling trigger of the workflow saved back (the mirror's 78 doubles, D7)",
		tests: POLL,
	},
	{
		id: 'first-state',
		file: 'nodes/SkySlope/shared/pollRuntime.ts',
		from: 'const from = firstState ?? stored;',
		to: 'const from = stored;',
		what: 'the first poll\'s state, which durable poll cursors do not keep, is not read back (issue 53, 2)',
		tests: POLL,
	},
	{
		id: 'not-exclusive',
		file: 'nodes/SkySlope/shared/pollRuntime.ts',
		from: 'if (slot.running && now - slot.running.startedAt < STALE_POLL_MS) {',
		to: 'if (false) {',
		what: "two polls of one trigger run side by side in one process (n8n's ticks do not wait)",
		tests: POLL,
		equivalent:
			'a poll keeps its result only while it still holds the trigger (its token): of two side by side, the later one, started from the same stored state, finds the same and more, and the earlier emits nothing; the check only spares the reads',
	},
	{
		id: 'other-watch',
		file: 'nodes/SkySlope/shared/pollRuntime.ts',
		from: "const start: IDataObject & Stamp = typeof kept.watch === 'string' && kept.watch !== watch ? {} : kept;",
		to: 'const start: IDataObject & Stamp = kept;',
		what: "another watch's state (the Event switched) is read as this one's",
		tests: POLL,
	},
	{
		id: 'our-clock',
		file: 'nodes/SkySlope/listingsSales/helpers/statusHistory.ts',
		from: 'if (since !== undefined) state.bookSince = new Date(since - window.behindMs).toISOString();',
		to: 'void since;',
		what: "a watch begun on n8n's clock is not dated on the service's (issue 53, 3)",
		tests: 'test/runtime/listings',
	},
	{
		id: 'same-status',
		file: 'nodes/SkySlope/listingsSales/helpers/triggerState.ts',
		from: 'if (before !== undefined && sameStatus(before, status)) return undefined;',
		to: 'if (before !== undefined && before === status) return undefined;',
		what: 'a status written in another case (Closed, closed) is a change',
		tests: 'test/runtime/listings',
	},
	{
		id: 'seen-window',
		file: 'nodes/SkySlope/listingsSales/helpers/triggerState.ts',
		from: 'if (seen[key] !== undefined) continue;',
		to: '',
		what: "a file read again in the window's overlap is compared again",
		tests: 'test/runtime/listings',
	},
	{
		id: 'stale-version',
		file: 'nodes/SkySlope/offers/helpers/triggerState.ts',
		from: 'if (now.version < previous.version) continue;',
		to: '',
		what: 'an older version of an offer (a stale replica) is reported as an update',
		tests: 'test/runtime/offers',
	},
	{
		id: 'baseline-reports',
		file: 'nodes/SkySlope/offers/helpers/offersWatch.ts',
		from: 'const reportFrom = first ? Number.POSITIVE_INFINITY : since;',
		to: 'const reportFrom = since;',
		what: 'the first poll reports what was there when the watch began',
		tests: 'test/runtime/offers',
	},
	{
		id: 'clock-ahead',
		file: 'nodes/SkySlope/offers/helpers/offersWatch.ts',
		from: 'const to = first && n === 0 ? now + CLOCK_AHEAD_MS : horizon - 1;',
		to: 'const to = horizon - 1;',
		what: "the first poll reads to n8n's now: an offer stamped by a service clock ahead, submitted just before publishing, is reported new",
		tests: 'test/runtime/offers',
	},
	{
		id: 'claims-ignored',
		file: 'nodes/SkySlope/shared/webhookClaims.ts',
		from: 'const known = knownKeys(entry, data[list], limit);',
		to: 'const known = knownKeys({ mine: [], released: new Set<string>() }, data[list], limit);',
		what: 'a webhook claim ignores the keys claimed in this process (two requests at once both deliver)',
		tests: 'test/runtime/forms',
	},
	{
		id: 'oldest-only',
		file: 'nodes/SkySlope/shared/webhookClaims.ts',
		from: '		taken.push(k);\n',
		to: '		taken.push(k);\n		if (taken.length) break;\n',
		what: 'a notification without a time delivers only the oldest signing not delivered (issue 53, 4)',
		tests: 'test/runtime/forms',
	},
	{
		id: 'false-notice',
		file: 'nodes/SkySlope/forms/helpers/processSaves.ts',
		from: '	return overwritten.has(key);',
		to: '	return true;',
		what: "every run says another process saved over this one's memory (issue 53, 5)",
		tests: 'test/runtime/forms',
	},
	{
		id: 'book-update',
		file: 'nodes/SkySlope/listingsSales/helpers/triggerState.ts',
		from: '	book.set(type, guid, status);\n',
		to: '	if (before === undefined) book.set(type, guid, status);\n',
		what: "the status book keeps a file's first status: its second change is reported from the wrong status, a change back not at all",
		tests: 'test/runtime/listings',
	},
	{
		id: 'reread-advance',
		file: 'nodes/SkySlope/offers/helpers/offersWatch.ts',
		from: '		next += window;\n',
		to: '',
		what: 'the re-read reads the same window every poll: an offer revised in a later window of the Re-Read Period is never reported',
		tests: 'test/runtime/offers',
	},
	{
		id: 'merge-others',
		file: 'nodes/SkySlope/shared/webhookClaims.ts',
		from: "const fromStore = Array.isArray(stored) ? stored.filter((k): k is string => typeof k === 'string') : [];",
		to: 'const fromStore: string[] = [];',
		what: 'a save writes only the keys this process claimed, dropping what other processes (or this one before a restart) stored',
		tests: 'test/runtime/forms',
	},
	{
		id: 'page-size',
		file: 'nodes/SkySlope/offers/helpers/offers.ts',
		from: '(hint > 0 && records.length < hint && records.length < pollMax)',
		to: '(hint > 0 && records.length < hint)',
		what: 'a page shorter than the size read before ends the window, though the service lowered its page size (the rest of the window is never read)',
		tests: 'test/runtime/offers',
	},
];

const repository = join(__dirname, '..');
/** What the model's tests read, copied: the mutants are made in the copies, the working tree left alone. */
const COPIED = ['nodes', 'credentials', 'harness', 'sandbox', 'test', 'examples', 'package.json', 'jest.config.js', 'tsconfig.json', 'tsconfig.dev.json'];
const runs = Number(process.env.MODEL_RUNS) || 40;
const seeds = (process.env.MODEL_SEEDS ?? '1,2').split(',').map(Number).filter((n) => Number.isInteger(n));
const only = process.env.MUTANTS?.split(',').filter(Boolean);
/**
 * Jest runs side by side, each in a copy of its own (MUTANT_JOBS, one a core by default), each with
 * one jest worker: most mutants' tests are one file, which one worker runs, so a core each is the
 * machine's whole throughput.
 */
const jobs = Math.max(1, Number(process.env.MUTANT_JOBS) || cpus().length);

/**
 * The run's journal: each finished baseline or mutant run on a seed, one line, in the cache folder
 * outside the repository, named by what decides the result: the bytes of every file the tests read,
 * the histories a property and the seeds. A run stopped half-way (a working session ends) and begun
 * again on the same tree takes the journal's results and runs the rest: the same histories, so the
 * same run, told apart in its output by when each result was made. Any change to the tree, a test
 * or a mutant's line starts a journal of its own. MUTANT_JOURNAL=off runs everything afresh.
 */
function journalPath(): string | undefined {
	if (process.env.MUTANT_JOURNAL === 'off') return undefined;
	const hash = createHash('sha256');
	const walk = (path: string) => {
		if (statSync(path).isDirectory()) for (const entry of readdirSync(path).sort()) walk(join(path, entry));
		else hash.update(path.slice(repository.length)).update(readFileSync(path));
	};
	for (const entry of COPIED) walk(join(repository, entry));
	hash.update(JSON.stringify({ runs, seeds, mutants: MUTANTS.map((m) => [m.id, m.file, m.from, m.to, m.tests]) }));
	const base = process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache');
	return join(base, 'n8n-nodes-skyslope', 'mutants', `${hash.digest('hex').slice(0, 16)}.jsonl`);
}

interface JournalEntry {
	/** `baseline of <its tests>`, or the mutant's id. */
	of: string;
	seed: number;
	ok?: boolean;
	killed?: boolean;
	broken?: string;
	seconds: number;
	counterexample: string;
	at: string;
}

function readJournal(path: string | undefined): Map<string, JournalEntry> {
	const entries = new Map<string, JournalEntry>();
	if (!path || !existsSync(path)) return entries;
	for (const line of readFileSync(path, 'utf8').split('\n').filter(Boolean)) {
		const entry = JSON.parse(line) as JournalEntry;
		entries.set(`${entry.of}@${entry.seed}`, entry);
	}
	return entries;
}

/** Runs the generated properties of `pattern` in a copy on one seed: whether they passed, and what jest said. */
async function jest(root: string, pattern: string, seed: number | undefined, generatedOnly = true): Promise<{ ok: boolean; output: string; seconds: number }> {
	const started = Date.now();
	const child = spawnProcess('npx', ['jest', pattern, ...(generatedOnly ? ['-t', 'generated histories'] : []), '--bail', '--silent', `--maxWorkers=${Math.max(1, Math.floor(cpus().length / jobs))}`], {
		cwd: root,
		// MODEL_FIRST_FAILURE: a history that fails ends the property unshrunk and the file's run (test/runtime/model.ts);
		// the histories up to it are the baseline's, the same seed drawing the same ones.
		env: { ...process.env, MODEL_RUNS: String(runs), MODEL_SEED: seed === undefined ? '' : String(seed), MODEL_TIMEOUT_MS: '3300000', MODEL_FIRST_FAILURE: '1' },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let output = '';
	child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
	return { ok: code === 0, output, seconds: Math.round((Date.now() - started) / 1000) };
}

/** A copy of what the tests read, with the repository's node_modules. */
function copy(): string {
	const root = mkdtempSync(join(tmpdir(), 'skyslope-mutants-'));
	for (const entry of COPIED) cpSync(join(repository, entry), join(root, entry), { recursive: true });
	symlinkSync(join(repository, 'node_modules'), join(root, 'node_modules'), 'dir');
	return root;
}

/** Runs `task` in one of `jobs` copies, the mutant made in that copy for the run and taken out after. */
async function pool<T>(tasks: Array<{ mutant?: Mutant; run: (root: string) => Promise<T> }>, roots: string[]): Promise<T[]> {
	const results: T[] = new Array(tasks.length);
	let next = 0;
	await Promise.all(
		roots.map(async (root) => {
			while (next < tasks.length) {
				const index = next++;
				const { mutant, run } = tasks[index];
				const path = mutant ? join(root, mutant.file) : '';
				const source = mutant ? readFileSync(path, 'utf8') : '';
				if (mutant) writeFileSync(path, source.replace(mutant.from, mutant.to));
				try {
					results[index] = await run(root);
				} finally {
					if (mutant) writeFileSync(path, source);
				}
			}
		}),
	);
	return results;
}

const say = (line = '') => process.stdout.write(`${line}\n`);

async function main(roots: string[]): Promise<void> {
	if (!seeds.length) throw new Error('MODEL_SEEDS names no seed');
	const chosen = MUTANTS.filter((m) => !only || only.includes(m.id));
	// Every mutant checked before hours of runs: its line must still be in its file, once.
	for (const m of chosen) {
		if (readFileSync(join(repository, m.file), 'utf8').split(m.from).length !== 2) throw new Error(`${m.id}: "${m.from}" is not in ${m.file} exactly once; the mutant is out of date`);
	}
	for (let i = 0; i < jobs; i++) roots.push(copy());
	say(`${chosen.length} mutants, ${runs} generated histories a property, seeds ${seeds.join(', ')}, the generated properties alone, ${jobs} run(s) side by side\n`);
	const journal = journalPath();
	const done = readJournal(journal);
	if (journal) {
		mkdirSync(join(journal, '..'), { recursive: true });
		say(`journal ${journal}: ${done.size} result(s) of this tree, these histories and seeds already made\n`);
	}
	/** A run on one seed, or its result from the journal; a new result is written to it as it comes. */
	const journaled = (of: string, seed: number, mutant: Mutant | undefined, run: (root: string) => Promise<Omit<JournalEntry, 'of' | 'seed' | 'at'>>) => ({
		mutant: done.has(`${of}@${seed}`) ? undefined : mutant,
		run: async (root: string): Promise<JournalEntry> => {
			const earlier = done.get(`${of}@${seed}`);
			if (earlier) return earlier;
			const entry: JournalEntry = { of, seed, ...(await run(root)), at: new Date().toISOString() };
			// A run that broke (no counterexample: a crash, a timeout) is not a result: the next sitting runs it again.
			if (journal && !entry.broken) appendFileSync(journal, `${JSON.stringify(entry)}\n`);
			return entry;
		},
	});
	// The unmutated code must pass on every seed, or a mutant would look killed by the code's own failure:
	// it runs first, beside the first mutants, and no mutant is judged unless it passed.
	const baselinePattern = [...new Set(chosen.map((m) => m.tests))].join('|');
	const tasks: Array<{ mutant?: Mutant; run: (root: string) => Promise<JournalEntry> }> = [];
	for (const seed of seeds) {
		tasks.push(
			// Named by its tests: a run of some mutants checks only theirs, which says nothing of the others'.
			journaled(`baseline of ${baselinePattern}`, seed, undefined, async (root) => {
				const baseline = await jest(root, baselinePattern, seed);
				// Which property failed, on which history, and what the oracle found: from jest's first failure on.
				if (!baseline.ok) say(baseline.output.slice(Math.max(0, baseline.output.indexOf('●')), Math.max(0, baseline.output.indexOf('●')) + 6000));
				say(`baseline, seed ${seed}: ${baseline.ok ? 'passed' : 'FAILED'} in ${baseline.seconds} s`);
				return { ok: baseline.ok, seconds: baseline.seconds, counterexample: '' };
			}),
		);
	}
	for (const m of chosen) {
		for (const seed of seeds) {
			tasks.push(
				journaled(m.id, seed, m, async (root) => {
					const result = await jest(root, m.tests, seed);
					// Killed only by a history the oracle found wrong, not by a mutant that does not compile.
					const killed = !result.ok && /Counterexample/.test(result.output);
					// Not thrown: the other runs go on in their copies, and the run ends naming it.
					const broken = !result.ok && !killed ? `${m.id}: the tests failed without a counterexample on seed ${seed}:\n${result.output.slice(-3000)}` : undefined;
					say(`  ${m.id}, seed ${seed}: ${killed ? 'killed' : broken ? 'failed without a counterexample' : 'lived'} in ${result.seconds} s`);
					return { killed, broken, seconds: result.seconds, counterexample: killed ? (/Counterexample: (.*)/.exec(result.output)?.[1] ?? '').slice(0, 120) : '' };
				}),
			);
		}
	}
	const results = await pool(tasks, roots);
	const broken = results.map((r) => r.broken).filter(Boolean);
	if (broken.length) throw new Error(broken.join('\n\n'));
	// By the baseline's own name: a mutant's id may begin with "baseline" too (baseline-reports).
	const failedBaseline = results.filter((r) => r.of === `baseline of ${baselinePattern}` && !r.ok).map((r) => r.seed);
	if (failedBaseline.length) throw new Error(`the generated properties fail on the code as it is, seed ${failedBaseline.join(', ')}: no mutant can be judged on it`);
	const times = results.map((r) => r.at).sort();
	say(`\nresults made from ${times[0]} to ${times[times.length - 1]}${done.size ? ` (${results.filter((r) => done.has(`${r.of}@${r.seed}`)).length} of ${results.length} by an earlier sitting of this run)` : ''}`);
	say();
	const rows: string[] = [];
	let survived = 0;
	let equivalents = 0;
	for (const m of chosen) {
		const bySeed = results.filter((r) => r.of === m.id).map((r) => ({ seed: r.seed, killed: r.killed === true, seconds: r.seconds, counterexample: r.counterexample }));
		const killedOn = bySeed.filter((r) => r.killed).map((r) => r.seed);
		const everySeed = killedOn.length === seeds.length;
		const equivalent = !killedOn.length && m.equivalent !== undefined;
		if (equivalent) equivalents++;
		if (!everySeed && !equivalent) survived++;
		const verdict = everySeed
			? `killed on every seed`
			: killedOn.length
				? `**killed on seed ${killedOn.join(', ')} only**`
				: equivalent
					? `survived, equivalent: ${m.equivalent}`
					: '**survived**';
		const seconds = bySeed.map((r) => `${r.seconds} s`).join(' + ');
		const first = bySeed.find((r) => r.killed);
		rows.push(`| ${m.id} | ${verdict} | ${seconds} | ${m.what} |${first ? ` seed ${first.seed}: \`${first.counterexample}\`` : ''}`);
	}
	const judged = chosen.length - equivalents;
	const killed = judged - survived;
	const score = judged ? Math.round((100 * killed) / judged) : 100;
	say(`| mutant | result | time by seed | what it puts back |\n|---|---|---|---|\n${rows.join('\n')}`);
	say(
		`\nmutation score: ${killed} of ${judged} killed by generated histories on every seed (${score}%)${equivalents ? `, ${equivalents} equivalent` : ''}, ${runs} histories a property, seeds ${seeds.join(', ')}, ${new Date().toISOString().slice(0, 10)}`,
	);
	if (survived) process.exitCode = 1;
}

const roots: string[] = [];
void main(roots)
	.catch((error: Error) => {
		say(error.message);
		process.exitCode = 1;
	})
	.finally(() => {
		for (const root of roots) rmSync(root, { recursive: true, force: true });
	});
