/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// Shared helpers of the benchmarks: side-by-side timing, medians, and the figure lines they print.
//
// The machine is shared and noisy, so no absolute time is a figure: each figure is a ratio of two
// sides measured in the same run, their runs interleaved (A B, B A, A B, ...) and repeated, and
// the median of the per-round ratios is what is reported.

export interface Figure {
	/** The row of the table. */
	id: number;
	what: string;
	value: number;
	/** e.g. `<= 1.25`, `>= 0.8`, `= 1` */
	target: string;
	/** Extra facts printed after the figure (sizes, counts, absolute times for reference only). */
	detail?: string;
}

export function out(line = ''): void {
	process.stdout.write(`${line}\n`);
}

export function median(values: number[]): number {
	if (values.length === 0) return Number.NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const mid = sorted.length >> 1;
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function fmt(value: number, digits = 2): string {
	return Number.isFinite(value) ? value.toFixed(digits) : String(value);
}

export function mb(bytes: number): string {
	return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Whether a value meets a target written as `<= x`, `>= x` or `= x`. */
export function meets(value: number, target: string): boolean {
	const m = /^(<=|>=|=)\s*([\d.]+)/.exec(target.trim());
	if (!m) return false;
	const bound = Number(m[2]);
	if (m[1] === '<=') return value <= bound + 1e-9;
	if (m[1] === '>=') return value >= bound - 1e-9;
	return Math.abs(value - bound) < 1e-9;
}

export function report(figure: Figure): void {
	const verdict = meets(figure.value, figure.target) ? 'met' : 'MISSED';
	out(`  #${figure.id} ${figure.what}: ${fmt(figure.value)} (target ${figure.target}: ${verdict})`);
	if (figure.detail) for (const line of figure.detail.split('\n')) out(`      ${line}`);
}

export function gc(): void {
	const collect = (globalThis as { gc?: () => void }).gc;
	if (collect) {
		collect();
		collect();
	}
}

/** Wall time and this process's CPU time (user + system) of one run, in milliseconds. */
export async function timed(fn: () => Promise<unknown> | unknown): Promise<{ wall: number; cpu: number }> {
	const cpuStart = process.cpuUsage();
	const start = process.hrtime.bigint();
	await fn();
	const wall = Number(process.hrtime.bigint() - start) / 1e6;
	const cpu = process.cpuUsage(cpuStart);
	return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

export interface SideBySide {
	/** Milliseconds of each run of side A and of side B, in round order. */
	a: number[];
	b: number[];
	/** a[i] / b[i] of each round. */
	ratios: number[];
	median: number;
	/**
	 * The same with this process's CPU time instead of wall time: on a shared machine, time spent
	 * waiting for a core does not count. (Everything in-process counts: the sandbox too.)
	 */
	cpuA: number[];
	cpuB: number[];
	cpuRatios: number[];
	cpuMedian: number;
}

/**
 * Runs two sides in interleaved rounds (the order flips every round, so neither side always runs
 * on a warmer or colder machine), after `warmup` untimed rounds. Bounded by `rounds` and by
 * `budgetMs` of wall time (at least `minRounds` rounds are run whatever the budget).
 */
export async function sideBySide(options: {
	a: () => Promise<unknown> | unknown;
	b: () => Promise<unknown> | unknown;
	rounds: number;
	warmup?: number;
	minRounds?: number;
	budgetMs?: number;
	/** Called before each timed run (e.g. to reset a request log); not timed. */
	before?: () => Promise<unknown> | unknown;
}): Promise<SideBySide> {
	const { a, b, rounds } = options;
	for (let i = 0; i < (options.warmup ?? 1); i++) {
		await options.before?.();
		await a();
		await options.before?.();
		await b();
	}
	const result: SideBySide = { a: [], b: [], ratios: [], median: Number.NaN, cpuA: [], cpuB: [], cpuRatios: [], cpuMedian: Number.NaN };
	const started = Date.now();
	const minRounds = options.minRounds ?? 3;
	for (let round = 0; round < rounds; round++) {
		if (round >= minRounds && options.budgetMs !== undefined && Date.now() - started > options.budgetMs) break;
		gc();
		let ta: { wall: number; cpu: number };
		let tb: { wall: number; cpu: number };
		if (round % 2 === 0) {
			await options.before?.();
			ta = await timed(a);
			gc();
			await options.before?.();
			tb = await timed(b);
		} else {
			await options.before?.();
			tb = await timed(b);
			gc();
			await options.before?.();
			ta = await timed(a);
		}
		result.a.push(ta.wall);
		result.b.push(tb.wall);
		result.ratios.push(ta.wall / tb.wall);
		result.cpuA.push(ta.cpu);
		result.cpuB.push(tb.cpu);
		result.cpuRatios.push(ta.cpu / tb.cpu);
	}
	result.median = median(result.ratios);
	result.cpuMedian = median(result.cpuRatios);
	return result;
}

export function describeRuns(s: SideBySide, nameA: string, nameB: string, cpu = true): string {
	const list = (xs: number[]) => xs.map((x) => fmt(x, 2)).join(' ');
	return [
		`${s.ratios.length} interleaved rounds; ratio per round: ${list(s.ratios)}`,
		`median ms (reference only, noisy machine): ${nameA} ${fmt(median(s.a), 0)}, ${nameB} ${fmt(median(s.b), 0)}`,
		...(cpu ? [`CPU time of this process instead of wall time: median ratio ${fmt(s.cpuMedian)} (per round: ${list(s.cpuRatios)})`] : []),
	].join('\n');
}
