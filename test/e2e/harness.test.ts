// Proves the harness itself with n8n's built-in HTTP Request node against the sandbox: input items
// reach the workflow, every node's output and pairing come back, and the sandbox log shows what n8n sent.
import { clearSandboxLog, runWorkflow, sandboxLog, START, state, workflow } from '../../harness/n8n/workflows';

describe('e2e harness (built-in HTTP Request node against the sandbox)', () => {
	beforeEach(async () => {
		await clearSandboxLog();
	});

	it('runs a workflow over its webhook with the given items and reads each node back', async () => {
		const wf = workflow([
			{
				name: 'Subscribers without a session',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				parameters: {
					method: 'GET',
					url: `${state().sandboxUrl}/listings/api/subscribers`,
					sendQuery: true,
					queryParameters: { parameters: [{ name: 'probe', value: '={{ $json.n }}' }] },
					options: { response: { response: { fullResponse: true, neverError: true } } },
				},
			},
		]);
		const result = await runWorkflow(wf, { input: [{ n: 'one' }, { n: 'two' }] });

		expect(result.status).toBe('success');
		expect(result.json(START)).toEqual([{ n: 'one' }, { n: 'two' }]);
		const out = result.items('Subscribers without a session');
		expect(out).toHaveLength(2);
		expect(out.map((i) => i.json.statusCode)).toEqual([401, 401]);
		expect(out[0].json.body).toEqual({ errors: ['Missing Session header'] });
		expect(out.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);

		const sent = (await sandboxLog('listings')).filter((e) => e.path === '/api/subscribers');
		expect(sent.map((e) => [e.method, e.path, e.query.probe, e.status])).toEqual([
			['GET', '/api/subscribers', 'one', 401],
			['GET', '/api/subscribers', 'two', 401],
		]);
		expect(sent[0].headers.session).toBeUndefined();
	});

	it('reports a failing node with its error and stops the execution', async () => {
		const wf = workflow([
			{
				name: 'Strict request',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				parameters: { method: 'GET', url: `${state().sandboxUrl}/listings/api/subscribers`, options: {} },
			},
		]);
		const result = await runWorkflow(wf);

		expect(result.status).toBe('error');
		expect(result.nodeError('Strict request')?.message).toMatch(/401|Authorization failed|Missing Session header/i);
		expect(result.response.status).toBeGreaterThanOrEqual(500);
		const sent = (await sandboxLog('listings')).filter((e) => e.path === '/api/subscribers');
		expect(sent.map((e) => e.status)).toEqual([401]);
	});
});
