/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// `npm start` as a person uses it: it prints a login that works, the three credentials (Forms
// connected) and a link to every example, and Ctrl-C (SIGINT) stops n8n and the sandbox. It runs
// its own n8n and sandbox on free ports in a temporary user folder, beside the suite's.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { N8nClient } from '../../scripts/lib/n8n-api';
import { freePort, REPO_ROOT } from '../../scripts/lib/processes';
import { type ChildProcess, spawnProcess } from '../../scripts/lib/spawn';
import { CREDENTIALS } from './harness';

async function closed(url: string): Promise<boolean> {
	try {
		await fetch(url, { signal: AbortSignal.timeout(2000) });
		return false;
	} catch {
		return true;
	}
}

describe('npm start', () => {
	let folder = '';
	let child: ChildProcess | undefined;

	afterAll(() => {
		if (child && child.exitCode === null) child.kill('SIGKILL');
		if (folder && process.env.E2E_KEEP !== '1') rmSync(folder, { recursive: true, force: true });
	});

	it('prints a working login, the credentials and the examples, and stops both on Ctrl-C', async () => {
		folder = mkdtempSync(join(tmpdir(), 'skyslope-start-'));
		const [n8nPort, sandboxPort] = [await freePort(), await freePort()];
		const env: NodeJS.ProcessEnv = {
			...process.env,
			N8N_HOST_USER_FOLDER: folder,
			N8N_PORT: String(n8nPort),
			SANDBOX_PORT: String(sandboxPort),
			N8N_HOST_SKIP_BUILD: '1',
		};
		delete env.NODE_ENV;
		const started = spawnProcess(process.execPath, ['-r', 'ts-node/register/transpile-only', 'scripts/start.ts'], {
			cwd: REPO_ROOT,
			env,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		child = started;
		let out = '';
		started.stdout?.on('data', (c: Buffer) => (out += c.toString('utf8')));
		started.stderr?.on('data', (c: Buffer) => (out += c.toString('utf8')));
		const exited = new Promise<number | null>((resolve) => started.on('exit', (code) => resolve(code)));

		const deadline = Date.now() + 240_000;
		while (!/Stop: Ctrl-C/.test(out)) {
			if (started.exitCode !== null) throw new Error(`npm start exited early:\n${out}`);
			if (Date.now() > deadline) throw new Error(`npm start was not ready in 240 s:\n${out}`);
			await new Promise((r) => setTimeout(r, 250));
		}

		const url = /n8n is ready \([^)]*\): (http:\/\/\S+?)\/?\s/.exec(out)?.[1];
		expect(url).toBe(`http://127.0.0.1:${n8nPort}`);
		const email = /Log in:\s+(\S+)/.exec(out)?.[1] ?? '';
		const password = /Password:\s+(\S+)/.exec(out)?.[1] ?? '';
		const client = new N8nClient(url as string);
		await client.rest('POST', '/login', { emailOrLdapLoginId: email, password });

		const creds = await client.rest<Array<{ id: string; type: string }>>('GET', '/credentials');
		expect(creds.map((c) => `${c.type} ${c.id}`).sort()).toEqual(
			Object.values(CREDENTIALS).map((c) => `${c.type} ${c.id}`).sort(),
		);
		// n8n's editor API shows that a token is there (not the token itself).
		const forms = await client.rest<{ data?: { oauthTokenData?: unknown } }>(
			'GET',
			`/credentials/${CREDENTIALS.forms.id}?includeData=true`,
		);
		expect(forms.data?.oauthTokenData).toBeTruthy();

		const files = readdirSync(join(REPO_ROOT, 'examples')).filter((f) => f.endsWith('.json'));
		for (const file of files) {
			const id = new RegExp(`/workflow/(\\S+)\\s+\\(${file.replace(/\./g, '\\.')}\\)`).exec(out)?.[1];
			expect({ file, id: typeof id }).toEqual({ file, id: 'string' });
			const wf = await client.rest<{ id: string; nodes: unknown[] }>('GET', `/workflows/${id as string}`);
			expect(wf.nodes.length).toBeGreaterThan(0);
		}

		started.kill('SIGINT');
		const code = await Promise.race([exited, new Promise<string>((r) => setTimeout(() => r('timeout'), 30_000))]);
		expect(code).toBe(0);
		expect(out).toContain('Stopped.');
		expect(await closed(`${url as string}/rest/settings`)).toBe(true);
		expect(await closed(`http://127.0.0.1:${sandboxPort}/_sandbox/info`)).toBe(true);
	}, 300_000);
});
