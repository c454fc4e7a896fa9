/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// `npm test`: the unit tests (jest), then the end-to-end tests inside a real n8n 2.x (jest -c
// jest.e2e.config.js), the editor tests in headless Chromium (jest -c jest.browser.config.js) and
// the smoke set inside n8n 1.x (jest -c jest.e2e-1x.config.js), the queue-mode cluster and the mirror
// in Postgres (jest.queue.config.js, jest.mirror.config.js), and one
// closing line `N passed, N failed` summed over all.
// Exits non-zero when anything failed. `npm test -- --unit` or `-- --e2e` runs one of the two.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ensureN8n, N8N_LINES, say } from './lib/host';
import { REPO_ROOT } from './lib/processes';
import { spawnProcess } from './lib/spawn';

interface JestJson {
	numPassedTests: number;
	numFailedTests: number;
	numPendingTests: number;
	numRuntimeErrorTestSuites: number;
	success: boolean;
	testResults: Array<{ name: string; status: string; assertionResults: unknown[]; message?: string }>;
}

interface Tally {
	name: string;
	passed: number;
	failed: number;
	skipped: number;
	exitCode: number;
	seconds: number;
}

function jest(name: string, args: string[], outDir: string): Promise<Tally> {
	const outputFile = join(outDir, `${name}.json`);
	const started = Date.now();
	return new Promise((resolve) => {
		const child = spawnProcess(
			process.execPath,
			[join(REPO_ROOT, 'node_modules', 'jest', 'bin', 'jest.js'), ...args, '--json', `--outputFile=${outputFile}`],
			{ cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'] },
		);
		child.on('close', (code) => {
			const tally: Tally = { name, passed: 0, failed: 0, skipped: 0, exitCode: code ?? 1, seconds: (Date.now() - started) / 1000 };
			if (!existsSync(outputFile)) {
				// Jest did not get to run tests (e.g. the end-to-end setup failed): one failure.
				tally.failed = 1;
				return resolve(tally);
			}
			const result = JSON.parse(readFileSync(outputFile, 'utf8')) as JestJson;
			tally.passed = result.numPassedTests;
			tally.failed = result.numFailedTests;
			tally.skipped = result.numPendingTests;
			// A test file that failed to load or run counts as one failure of its own.
			for (const suite of result.testResults) {
				if (suite.status === 'failed' && suite.assertionResults.length === 0) tally.failed++;
			}
			if (tally.exitCode !== 0 && tally.failed === 0) tally.failed = 1;
			resolve(tally);
		});
	});
}

async function main() {
	const only = process.argv.find((a) => a === '--unit' || a === '--e2e');
	const passThrough = process.argv.slice(2).filter((a) => a !== '--unit' && a !== '--e2e');
	const outDir = mkdtempSync(join(tmpdir(), 'skyslope-test-'));
	const tallies: Tally[] = [];
	// The first run on a machine installs n8n (minutes): do it while the unit tests run. The two
	// lines install one after the other (each compiles sqlite3; two at once only slow each other).
	const installLine = (line: '1' | '2') =>
		ensureN8n((l) => say(`[n8n ${N8N_LINES[line].n8n} host] ${l}`), N8N_LINES[line]).then(
			() => undefined,
			(error: Error) => error,
		);
	const install = only === '--unit' ? Promise.resolve(undefined) : installLine('2');
	const install1x = only === '--unit' ? Promise.resolve(undefined) : install.then(() => installLine('1'));
	try {
		if (only !== '--e2e') tallies.push(await jest('unit', passThrough, outDir));
		if (only !== '--unit') {
			const failed = await install;
			if (failed) {
				say(`[n8n host] the install failed, so the end-to-end tests cannot run:\n${failed.message}`);
				tallies.push({ name: 'e2e', passed: 0, failed: 1, skipped: 0, exitCode: 1, seconds: 0 });
			} else {
				tallies.push(await jest('e2e', ['-c', 'jest.e2e.config.js', ...passThrough], outDir));
				// n8n in queue mode: Postgres, Redis, main, two workers, a webhook processor (docs/SCALING.md).
				tallies.push(await jest('queue', ['-c', 'jest.queue.config.js', '--passWithNoTests', ...passThrough], outDir));
				// The mirror of docs/MIRROR.md: the examples in n8n with a real Postgres, both ways the sandbox answers.
				tallies.push(await jest('mirror', ['-c', 'jest.mirror.config.js', '--passWithNoTests', ...passThrough], outDir));
				// The editor in headless Chromium (test/browser): every node's screens as a new user meets them.
				tallies.push(await jest('browser', ['-c', 'jest.browser.config.js', '--passWithNoTests', ...passThrough], outDir));
			}
			// The smoke set on the n8n 1.x line (test/e2e-1x), with its own n8n and Node.
			const failed1x = await install1x;
			if (failed1x) {
				say(`[n8n host] the n8n 1.x install failed, so its smoke set cannot run:\n${failed1x.message}`);
				tallies.push({ name: 'e2e n8n 1.x', passed: 0, failed: 1, skipped: 0, exitCode: 1, seconds: 0 });
			} else {
				tallies.push(await jest('e2e-1x', ['-c', 'jest.e2e-1x.config.js', ...passThrough], outDir));
			}
		}
	} finally {
		rmSync(outDir, { recursive: true, force: true });
	}
	say('');
	for (const t of tallies) {
		say(`${t.name}: ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped (${t.seconds.toFixed(0)} s, jest exit ${t.exitCode})`);
	}
	const passed = tallies.reduce((s, t) => s + t.passed, 0);
	const failed = tallies.reduce((s, t) => s + t.failed, 0);
	say(`${passed} passed, ${failed} failed`);
	process.exit(failed > 0 || tallies.some((t) => t.exitCode !== 0) ? 1 : 0);
}

void main();
