/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// `npm run bench` runs every benchmark; `npm run bench -- <name> [<name>...]` runs the named ones.
// Each prints its figures as ratios measured side by side in this run. Never part of `npm test`,
// never fails a build on a machine's speed: a missed target is printed, not thrown.
import './ts-first';

import { brokerageBench } from './brokerage';
import { e2eAddContactBench } from './e2e-add-contact';
import { e2eConcurrencyBench } from './e2e-concurrency';
import { e2eFaultsBench } from './e2e-faults';
import { e2eLatencyBench } from './e2e-latency';
import { e2eListingsReadBench } from './e2e-listings-read';
import { e2eFormOpenBench } from './e2e-form-open';
import { e2ePollBench } from './e2e-poll';
import { exportParserBench } from './export-parser';
import { formsFilesBench } from './forms-files';
import { historyBench } from './history';
import { out } from './lib';
import { listingsLoginsBench, listingsRateBench } from './listings-calls';
import { mirrorBench } from './mirror';
import { offersN8nBench } from './offers-n8n';
import { offersScaleBench } from './offers-scale';
import { offersSweepBench } from './offers-sweep';
import { offersWindowsBench } from './offers-windows';
import { pollMemoryBench } from './poll-memory';
import { queueThroughputBench } from './queue-throughput';
import { run } from '../scripts/lib/setup';

const benches: Record<string, { figures: string; run: () => Promise<void> }> = {
	'export-parser': { figures: '3, 4', run: exportParserBench },
	'offers-windows': { figures: '7', run: offersWindowsBench },
	'forms-files': { figures: '1, 2', run: formsFilesBench },
	'listings-rate': { figures: '5', run: listingsRateBench },
	'listings-logins': { figures: '8', run: listingsLoginsBench },
	'e2e-add-contact': { figures: '6', run: e2eAddContactBench },
	'e2e-latency': { figures: '6 (latency sweep)', run: e2eLatencyBench },
	'e2e-listings-read': { figures: '6 (listings read)', run: e2eListingsReadBench },
	'e2e-faults': { figures: '9', run: e2eFaultsBench },
	'e2e-concurrency': { figures: '23', run: e2eConcurrencyBench },
	'e2e-poll': { figures: '10', run: e2ePollBench },
	'e2e-form-open': { figures: '11', run: e2eFormOpenBench },
	'queue-throughput': { figures: '12', run: queueThroughputBench },
	mirror: { figures: '13, 14, 15', run: mirrorBench },
	brokerage: { figures: '16, 17, 18', run: brokerageBench },
	'offers-sweep': { figures: '19', run: offersSweepBench },
	'offers-scale': { figures: '21', run: offersScaleBench },
	'offers-n8n': { figures: '22', run: offersN8nBench },
	'poll-memory': { figures: '20, 22 (the triggers\' own part)', run: pollMemoryBench },
	history: { figures: '20', run: historyBench },
};

/**
 * The benchmarks on test/mirror's host install the package from `dist/` as it is (the test suite
 * builds it once for both of its files): built here first, so that they never measure an old build.
 */
const ON_THE_MIRROR_HOST = ['mirror', 'brokerage', 'offers-n8n', 'history'];

async function main(): Promise<void> {
	const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
	const unknown = asked.filter((name) => !(name in benches));
	if (unknown.length) {
		out(`unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(benches).join(', ')}`);
		process.exitCode = 2;
		return;
	}
	if (!(globalThis as { gc?: unknown }).gc) out('note: run with --expose-gc (npm run bench does) for memory figures');
	out(`node ${process.version}, ${new Date().toISOString()}`);
	const names = asked.length ? asked : Object.keys(benches);
	if (names.some((name) => ON_THE_MIRROR_HOST.includes(name))) {
		out('building the package (npm run build) for the benchmarks that install dist/ as it is');
		await run('npm', ['run', 'build'], { quiet: true });
	}
	for (const name of names) {
		const started = Date.now();
		out('');
		out(`== ${name} (figures ${benches[name].figures})`);
		try {
			await benches[name].run();
		} catch (error) {
			out(`  ${name} could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
		}
		out(`  (${((Date.now() - started) / 1000).toFixed(0)} s)`);
	}
}

void main().then(() => process.exit(process.exitCode ?? 0));
