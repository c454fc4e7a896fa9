// Figures 1 and 2: SkySlope Forms, File > Get Many, Return All, over 20,000 files in the sandbox.
//
// 1. Requests sent / the least possible: the service pages at most 500 files and says the total,
//    so ceil(total / 500) requests read everything.
// 2. The node's time (n8n-core's WorkflowExecute through test/harness, as n8n runs it) / a bare
//    undici loop sending exactly the same requests (same URLs, same bearer token) on one keep-alive
//    connection and parsing each answer. Interleaved rounds, median ratio.
//    The forms rate limit is raised for this figure: it compares client overhead, not waiting.
import { startForms } from '../test/forms/setup';
import { describeRuns, fmt, median, out, report, sideBySide, timed } from './lib';
import { BareClient, replayable } from './replay';

const FILES = 20_000;
const PAGE = 500;

export async function formsFilesBench(): Promise<void> {
	const env = await startForms({ scale: { files: FILES }, rateLimits: { forms: { limit: 1_000_000 } } });
	const bare = new BareClient(env.sandbox.baseUrl);
	try {
		const parameters = { resource: 'file', operation: 'getAll', returnAll: true };
		let items = 0;
		let lastOutput: unknown;
		const runOnce = async () => {
			const result = await env.run(parameters);
			if (result.error) throw new Error(`node failed: ${result.error.message}`);
			items = result.output[0]?.length ?? 0;
			lastOutput = result.output;
		};
		env.sandbox.clearLog();
		await runOnce();
		const calls = env.api('GET', /^\/partner\/api\/files$/);
		const others = env.sent().length - calls.length;
		const requests = replayable(env.sandbox, 'forms', calls);
		// The total the service announces to this user (a few seeded files are not theirs).
		const total = Number(((await bare.json(requests[0])) as { totalRecords?: number }).totalRecords);
		const minimum = Math.ceil(total / PAGE);
		report({
			id: 1,
			what: 'Forms Get Many files, Return All: requests / minimum (pages of 500)',
			value: calls.length / minimum,
			target: '= 1',
			detail: [
				`${items} items returned; ${total} files visible to the user (totalRecords); ${calls.length} requests, minimum ${minimum}`,
				`page sizes asked: ${[...new Set(calls.map((c) => String(c.query.pageSize)))].join(', ')}; other forms requests: ${others}`,
			].join('\n'),
		});
		if (items !== total) out(`  WARNING: the node returned ${items} files, the service announces ${total}`);

		const runs = await sideBySide({
			a: runOnce,
			b: () => bare.run(requests),
			rounds: 9,
			budgetMs: 50_000,
			before: () => env.sandbox.clearLog(),
		});
		report({
			id: 2,
			what: 'the same: node time / bare undici loop fetching the same pages',
			value: runs.median,
			target: '<= 1.25',
			detail: describeRuns(runs, 'node', 'undici'),
		});
		// test/harness copies every output with structuredClone (for its nodeOutput): n8n does not.
		const clones: number[] = [];
		for (let k = 0; k < 3; k++) clones.push((await timed(() => structuredClone(lastOutput))).wall);
		const cloneMs = median(clones);
		const adjusted = median(runs.a.map((a, k) => (a - cloneMs) / runs.b[k]));
		out(`      without the harness's structuredClone of the ${items} output items (${fmt(cloneMs, 0)} ms a run): ratio ${fmt(adjusted)}`);
	} finally {
		await bare.close();
		await env.close();
	}
}
