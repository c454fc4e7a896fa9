// How a refusal of the service reaches the user inside real n8n: the node's error carries the
// service's own message and its traceId; with "On Error: Continue" the failing item becomes an error
// item paired with its input, and the other items go on.
import { clearSandboxLog, type Json, runWorkflow, sandboxLog, skyslopeNode, state, workflow } from '../../harness/n8n/workflows';

const MISSING_FILE = 999999;
const locator = (value: string) => ({ __rl: true, mode: 'id', value });

/** What the sandbox itself answers for a missing file (fetched with a token of its own). */
async function serviceRefusal(): Promise<{ status: number; body: Json }> {
	const base = `${state().sandboxUrl}/forms`;
	const minted = await fetch(`${base}/sandbox/tokens`, { method: 'POST' });
	const { access_token: token } = (await minted.json()) as { access_token: string };
	const res = await fetch(`${base}/partner/api/files/${MISSING_FILE}`, { headers: { authorization: `Bearer ${token}` } });
	return { status: res.status, body: (await res.json()) as Json };
}

/** A file that exists, from File > Get Many. */
async function someFileId(): Promise<number> {
	const r = await runWorkflow(
		workflow([skyslopeNode('forms', 'Files', { resource: 'file', operation: 'getAll', returnAll: false, limit: 1 })]),
	);
	expect(r.status).toBe('success');
	const id = Number(r.json('Files')[0]?.id);
	expect(id).toBeGreaterThan(0);
	return id;
}

const getFile = (extra: Json = {}) =>
	workflow([
		skyslopeNode(
			'forms',
			'Get File',
			{ resource: 'file', operation: 'get', fileId: locator('={{ $json.id }}') },
			extra,
		),
	]);

beforeEach(async () => {
	await clearSandboxLog();
});

describe('a refusal of the service inside n8n', () => {
	it("fails the node with the service's message and its traceId", async () => {
		const refusal = await serviceRefusal();
		expect(refusal.status).toBe(404);
		expect(refusal.body.message).toEqual(expect.any(String));
		await clearSandboxLog();

		const result = await runWorkflow(getFile(), { input: [{ id: MISSING_FILE }] });

		expect(result.status).toBe('error');
		const error = result.nodeError('Get File');
		expect(error).toBeDefined();
		const text = `${error?.message ?? ''}\n${error?.description ?? ''}`;
		expect(text).toContain(String(refusal.body.message));
		expect(text).toMatch(/Trace ID \(for SkySlope support\): [0-9a-f]{32}/);
		// n8n's guidelines: the message ends with the item, the description says how to go on.
		expect(error?.message).toMatch(/ \[item 0\]$/);
		expect(error?.description).toMatch(/^To fix: check the ID\./m);
		expect(error?.httpCode).toBe('404');
		const log = (await sandboxLog('forms')).filter((e) => e.path.startsWith('/partner/api/files/'));
		expect(log.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([`GET /partner/api/files/${MISSING_FILE} 404`]);
	});

	it('with On Error: Continue, the failing item becomes an error item paired with its input', async () => {
		const good = await someFileId();
		await clearSandboxLog();

		const result = await runWorkflow(getFile({ onError: 'continueRegularOutput' }), {
			input: [{ id: good }, { id: MISSING_FILE }, { id: good }],
		});

		expect(result.status).toBe('success');
		const out = result.items('Get File');
		expect(out).toHaveLength(3);
		expect(out.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(out[0].json.id).toBe(good);
		expect(out[2].json.id).toBe(good);
		expect(out[1].json.error).toMatch(/ \[item 1\]$/);
		expect(out[1].json.description).toMatch(/^To fix: check the ID\./m);
		expect(JSON.stringify(out[1].json)).toMatch(/[0-9a-f]{32}/);
		// File Get runs several items at once: the requests may reach the service in any order.
		const log = (await sandboxLog('forms')).filter((e) => e.path.startsWith('/partner/api/files/'));
		expect(log.map((e) => `${e.path} ${e.status}`).sort()).toEqual(
			[
				`/partner/api/files/${good} 200`,
				`/partner/api/files/${MISSING_FILE} 404`,
				`/partner/api/files/${good} 200`,
			].sort(),
		);
	});
});
