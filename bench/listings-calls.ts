// Figures 5 and 8: the SkySlope (listings-sales) node, many items in one execution.
//
// 5. 600 listing reads (Listing > Get, one item each) under a limit of 100 requests per 6 s (the
//    sandbox's fixed window per client, with x-ratelimit-* headers). The allowed rate is 100 / 6 s;
//    the achieved rate is reads / elapsed time of the execution; continueOnFail is on and the failed
//    items are counted. A stricter view is printed beside it: the least time any client needs
//    (5 full windows, then the last 100 reads) / the elapsed time.
// 8. 1,000 listing reads in one execution (limit raised out of the way): logins performed.
import { sleep } from 'n8n-workflow';

import { startEnv } from '../harness/listings-env';
import { fmt, out, report } from './lib';

const WINDOW_S = 6;
const LIMIT = 100;

function guidsOf(listings: Map<string, unknown>, n: number): string[] {
	const all = [...listings.keys()];
	return Array.from({ length: n }, (_, i) => all[i % all.length]);
}

export async function listingsRateBench(): Promise<void> {
	const READS = 600;
	const env = await startEnv({ rateLimits: { listings: { limit: LIMIT, windowSeconds: WINDOW_S } } });
	try {
		const guids = guidsOf(env.state.store.listings, READS);
		const parameters = { resource: 'listing', operation: 'get', listingGuid: { __rl: true, mode: 'id', value: '={{ $json.guid }}' } };
		// Sign in before the clock starts (the session is carried like n8n does), and let the window pass.
		await env.run(parameters, { input: [{ json: { guid: guids[0] } }] });
		await sleep((WINDOW_S + 1) * 1000);
		env.sandbox.clearLog();
		const started = Date.now();
		const result = await env.run(parameters, { input: guids.map((guid) => ({ json: { guid } })), continueOnFail: true });
		const elapsedS = (Date.now() - started) / 1000;
		const items = result.output[0] ?? [];
		const failed = items.filter((i) => i.json.error !== undefined || i.error !== undefined).length + (result.error && !items.length ? READS : 0);
		const sent = env.sandbox.requests('listings');
		const refused = sent.filter((e) => e.status === 429).length;
		const logins = env.sent('POST', /\/auth\/login$/).length;
		const achieved = READS / elapsedS;
		const allowed = LIMIT / WINDOW_S;
		// The least time: the first 100 go at once, each later 100 a window after; the last batch's
		// own sending time is granted (taken as the node's median time per unthrottled request).
		const times = sent.map((e) => e.at).sort((a, b) => a - b);
		const gaps: number[] = [];
		for (let i = 1; i < times.length; i++) gaps.push(times[i] - times[i - 1]);
		const sendMs = [...gaps].sort((a, b) => a - b)[gaps.length >> 1] ?? 0;
		const leastS = ((READS / LIMIT - 1) * WINDOW_S * 1000 + (LIMIT - 1) * sendMs) / 1000;
		// Where the time goes: the idle gaps where the node waited for the next window.
		const waits = gaps.filter((g) => g > 500);
		const windowLengths: number[] = [];
		for (let k = LIMIT; k < times.length; k += LIMIT) windowLengths.push(times[k] - times[k - LIMIT]);
		report({
			id: 5,
			what: `${READS} listing reads under ${LIMIT} per ${WINDOW_S} s: achieved rate / allowed rate`,
			value: achieved / allowed,
			target: '>= 0.9',
			detail: [
				`elapsed ${fmt(elapsedS, 1)} s; ${items.length} items, failed items ${failed}; requests ${sent.length} (429 answers ${refused}, logins ${logins})`,
				`waits between windows (ms): ${waits.map((w) => fmt(w, 0)).join(' ')}; window starts ${windowLengths.map((w) => fmt(w, 0)).join(' ')} ms apart (the window is ${WINDOW_S * 1000} ms)`,
				`stricter: least possible time ${fmt(leastS, 1)} s (5 windows + 99 x ${fmt(sendMs, 1)} ms) / elapsed = ${fmt(leastS / elapsedS)}`,
			].join('\n'),
		});
		report({ id: 5, what: 'failed items', value: failed, target: '= 0' });
		if (refused) out(`  note: ${refused} requests were answered 429 (pacing let them reach the limit)`);
	} finally {
		await env.sandbox.close();
	}
}

export async function listingsLoginsBench(): Promise<void> {
	const READS = 1000;
	const env = await startEnv({ rateLimits: { listings: { limit: 1_000_000 } } });
	try {
		const guids = guidsOf(env.state.store.listings, READS);
		const parameters = { resource: 'listing', operation: 'get', listingGuid: { __rl: true, mode: 'id', value: '={{ $json.guid }}' } };
		env.sandbox.clearLog();
		const started = Date.now();
		const result = await env.run(parameters, { input: guids.map((guid) => ({ json: { guid } })), continueOnFail: true });
		const elapsedS = (Date.now() - started) / 1000;
		const items = result.output[0] ?? [];
		const failed = items.filter((i) => i.json.error !== undefined).length;
		const logins = env.sent('POST', /\/auth\/login$/).length;
		report({
			id: 8,
			what: `${READS} listing reads in one execution: logins performed`,
			value: logins,
			target: '= 1',
			detail: `${items.length} items (${failed} failed), ${env.sent().length} requests in ${fmt(elapsedS, 1)} s (a fresh credential: the one login is the first sign-in)`,
		});
	} finally {
		await env.sandbox.close();
	}
}
