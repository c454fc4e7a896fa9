// Figures 1 and 2: SkySlope Forms, File > Get Many, Return All, over 20,000 files in the sandbox.
//
// 1. Requests sent / the least possible: the service pages at most 500 files and says the total,
//    so ceil(total / 500) requests read everything.
// 2. The node's time (n8n-core's WorkflowExecute through harness/node, as n8n runs it) / a bare
//    undici loop sending exactly the same requests (same URLs, same bearer token) on one keep-alive
//    connection and parsing each answer. Interleaved rounds, median ratio.
//    The forms rate limit is raised for this figure: it compares client overhead, not waiting.
//    Also measured: the node against the least any community node can do, a minimal node that
//    sends the same requests through n8n's own request helper (the ecosystem's rule) and returns
//    one item per file. That is the real limit; the bare loop is below what n8n allows.
import type { IExecuteFunctions, IHttpRequestOptions, INodeExecutionData, INodeType } from 'n8n-workflow';

import { SkySlopeFormsOAuth2Api } from '../credentials/SkySlopeFormsOAuth2Api.credentials';
import { CREDENTIAL, startForms } from '../harness/forms-env';
import { runNode } from '../harness/node';
import { describeRuns, fmt, out, report, sideBySide } from './lib';
import { BareClient, replayable, type Replayable } from './replay';

/** The least a node can do for the same pages: n8n's request helper in a loop, one item per file. */
function helperFloorNode(baseUrl: string, requests: Replayable[]): INodeType {
	return {
		description: {
			displayName: 'Helper Floor',
			name: 'helperFloor',
			group: ['transform'],
			version: 1,
			description: 'Benchmark reference',
			defaults: { name: 'Helper Floor' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: CREDENTIAL, required: true }],
			properties: [],
		},
		async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			const items: INodeExecutionData[] = [];
			for (const r of requests) {
				const request: IHttpRequestOptions = { method: 'GET', url: `${baseUrl}${r.url}`, json: true };
				const body = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL, request)) as { files: object[] };
				for (const file of body.files) items.push({ json: file as INodeExecutionData['json'], pairedItem: { item: 0 } });
			}
			return [items];
		},
	};
}

const FILES = 20_000;
const PAGE = 500;

export async function formsFilesBench(): Promise<void> {
	const env = await startForms({ scale: { files: FILES }, rateLimits: { forms: { limit: 1_000_000 } } });
	const bare = new BareClient(env.sandbox.baseUrl);
	try {
		const parameters = { resource: 'file', operation: 'getAll', returnAll: true };
		let items = 0;
		const runOnce = async () => {
			// keepNodeOutput off: the harness's copy of the 20,000 output items is not n8n's work.
			const result = await env.run(parameters, { keepNodeOutput: false });
			if (result.error) throw new Error(`node failed: ${result.error.message}`);
			items = result.output[0]?.length ?? 0;
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

		// The URLs the node sent, without the token: the floor node's credential adds its own.
		const floor = helperFloorNode(env.sandbox.baseUrl, requests);
		const runFloor = async () => {
			const result = await runNode({
				node: floor,
				credentialTypes: [SkySlopeFormsOAuth2Api],
				credentials: { [CREDENTIAL]: env.credentials },
				keepNodeOutput: false,
			});
			if (result.error || result.output[0]?.length !== items) throw new Error(`floor node failed: ${result.error?.message ?? 'item count'}`);
		};
		const limit = await sideBySide({ a: runOnce, b: runFloor, rounds: 9, budgetMs: 40_000, before: () => env.sandbox.clearLog() });
		out(`      the real limit, n8n's own request helper in a minimal node (the same pages, one item per file):`);
		// The floor was not run beside the bare loop: its ratio to it is derived from the two medians.
		out(`      node / that floor: ${fmt(limit.median)}; so the floor is about ${fmt(runs.median / limit.median)} x the bare undici loop`);
	} finally {
		await bare.close();
		await env.close();
	}
}
