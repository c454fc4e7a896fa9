/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// Figure 6: 1,000 items through SkySlope Forms > Contact > Add in a real n8n (test/e2e's host: the
// package built, packed and installed as a community package, n8n 2.41.1, the sandbox beside it),
// against n8n's own HTTP Request node sending the same 1,000 POST /files/{id}/contacts with the
// same credential (predefined credential type skySlopeFormsOAuth2Api) in the same n8n.
//
// The figure is the ratio of the two nodes' own execution times as n8n records them
// (runData[node].executionTime), interleaved rounds, median. The webhook round trip of the whole
// workflow (trigger, split, node, saving the execution) is printed beside it.
// Needs the e2e host (it starts one: about a minute, more on a first run that installs n8n).
import globalSetup from '../test/e2e/global-setup';
import globalTeardown from '../test/e2e/global-teardown';
import {
	clearSandboxLog,
	credentialRef,
	runWorkflow,
	sandboxLog,
	setRateLimit,
	skyslopeNode,
	state,
	workflow,
	type RunResult,
} from '../test/e2e/harness';
import { describeRuns, fmt, median, out, report, sideBySide } from './lib';

const ITEMS = 1000;
const FILE_IDS = [1001, 1002, 1003, 1004];

export async function e2eAddContactBench(): Promise<void> {
	if (process.env.BENCH_E2E === '0') {
		out('  skipped (BENCH_E2E=0)');
		return;
	}
	await globalSetup();
	try {
		await setRateLimit('forms', { limit: 1_000_000 });
		const input = Array.from({ length: ITEMS }, (_, i) => ({
			fileId: FILE_IDS[i % FILE_IDS.length],
			first: `Bench${i}`,
			last: 'Contact',
		}));
		const formsNode = skyslopeNode('forms', 'Add Contact', {
			resource: 'contact',
			operation: 'add',
			fileId: { __rl: true, mode: 'id', value: '={{ $json.fileId }}' },
			contactType: 'Buyer',
			firstName: '={{ $json.first }}',
			lastName: '={{ $json.last }}',
			additionalFields: {},
		});
		const httpNode = {
			name: 'HTTP Request',
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			credentials: credentialRef('forms'),
			parameters: {
				method: 'POST',
				url: `=${state().sandboxUrl}/forms/partner/api/files/{{ $json.fileId }}/contacts`,
				authentication: 'predefinedCredentialType',
				nodeCredentialType: 'skySlopeFormsOAuth2Api',
				sendBody: true,
				specifyBody: 'json',
				jsonBody: '={{ JSON.stringify({ type: "Buyer", firstName: $json.first, lastName: $json.last }) }}',
				options: {},
			},
		};
		const wfForms = workflow([formsNode], 'bench forms add contact');
		const wfHttp = workflow([httpNode], 'bench http add contact');
		const nodeMs = { forms: [] as number[], http: [] as number[] };
		const check = (r: RunResult, name: string) => {
			if (r.status !== 'success') throw new Error(`${name}: execution ${r.status}: ${r.error?.message ?? ''}`);
			const items = r.items(name);
			if (items.length !== ITEMS) throw new Error(`${name}: ${items.length} items out of ${ITEMS}`);
			return Number(r.runData[name][0].executionTime ?? Number.NaN);
		};
		const runForms = async () => {
			nodeMs.forms.push(check(await runWorkflow(wfForms, { input, timeoutMs: 300_000 }), 'Add Contact'));
		};
		const runHttp = async () => {
			nodeMs.http.push(check(await runWorkflow(wfHttp, { input, timeoutMs: 300_000 }), 'HTTP Request'));
		};

		// One run of each to publish the workflows and check both send the same requests.
		await clearSandboxLog();
		await runForms();
		const formsSent = (await sandboxLog('forms')).filter((e) => e.path.includes('/contacts'));
		await clearSandboxLog();
		await runHttp();
		const httpSent = (await sandboxLog('forms')).filter((e) => e.path.includes('/contacts'));
		out(
			`  requests: Forms node ${formsSent.length} (${formsSent.filter((e) => e.status === 200).length} answered 200), HTTP Request ${httpSent.length} (${httpSent.filter((e) => e.status === 200).length} answered 200)`,
		);
		nodeMs.forms.length = 0;
		nodeMs.http.length = 0;

		const runs = await sideBySide({ a: runForms, b: runHttp, rounds: 7, warmup: 0, budgetMs: 150_000 });
		const ratios = nodeMs.forms.map((f, i) => f / nodeMs.http[i]);
		report({
			id: 6,
			what: `${ITEMS} items through Forms Add Contact in n8n: node execution time / HTTP Request node's`,
			value: median(ratios),
			target: '<= 1.0',
			detail: [
				`${ratios.length} interleaved rounds; ratio per round: ${ratios.map((r) => fmt(r)).join(' ')}`,
				`median node ms (reference only): Forms ${fmt(median(nodeMs.forms), 0)}, HTTP Request ${fmt(median(nodeMs.http), 0)}`,
				`whole workflow over its webhook (trigger to saved execution): ratio ${fmt(runs.median)}`,
				describeRuns(runs, 'forms workflow', 'http workflow'),
			].join('\n'),
		});
	} finally {
		await globalTeardown();
	}
}
