/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// `npm start` as a person uses it: it prints a login that works, the three credentials (Forms
// connected) and a link to every example; a second `npm start` on the same ports says so and exits
// non-zero; and Ctrl-C (SIGINT to its process group), `kill <pid of npm>` (SIGTERM) or a stop while
// it is still starting ends n8n and the sandbox with it: no process left, both ports free. It runs
// `npm start` itself, on free ports in a temporary user folder, beside the suite's n8n and sandbox.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { N8nClient } from '../../scripts/lib/n8n-api';
import { freePort, portTaken, REPO_ROOT } from '../../scripts/lib/processes';
import { type ChildProcess, spawnProcess } from '../../scripts/lib/spawn';
import { CREDENTIALS } from '../../harness/n8n/workflows';

/** Every process below `root` (children, their children, ...), from /proc. */
function descendants(root: number): number[] {
	const parentOf = new Map<number, number>();
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			// "pid (comm) state ppid ...": comm may hold spaces, so read after the last ')'.
			const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
			parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
		} catch {
			// gone meanwhile
		}
	}
	const found: number[] = [];
	let frontier = [root];
	while (frontier.length) {
		const next: number[] = [];
		for (const [pid, ppid] of parentOf) if (frontier.includes(ppid) && !found.includes(pid)) next.push(pid);
		found.push(...next);
		frontier = next;
	}
	return found;
}

/** Whether a process still runs (a zombie waiting to be reaped does not). */
function running(pid: number): boolean {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
		return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
	} catch {
		return false;
	}
}

interface Started {
	child: ChildProcess;
	output(): string;
	exited: Promise<number | null>;
	n8nPort: number;
	sandboxPort: number;
}

let folder = '';
const children: ChildProcess[] = [];

function npmStart(n8nPort: number, sandboxPort: number): Started {
	const env: NodeJS.ProcessEnv = {
		...process.env,
		N8N_HOST_USER_FOLDER: folder,
		N8N_PORT: String(n8nPort),
		SANDBOX_PORT: String(sandboxPort),
		N8N_HOST_SKIP_BUILD: '1',
	};
	delete env.NODE_ENV;
	// Its own process group, like a terminal gives it: Ctrl-C is a SIGINT to that group.
	const child = spawnProcess('npm', ['start'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
	children.push(child);
	let out = '';
	child.stdout?.on('data', (c: Buffer) => (out += c.toString('utf8')));
	child.stderr?.on('data', (c: Buffer) => (out += c.toString('utf8')));
	const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
	return { child, output: () => out, exited, n8nPort, sandboxPort };
}

async function until(started: Started, pattern: RegExp, ms: number): Promise<void> {
	const deadline = Date.now() + ms;
	while (!pattern.test(started.output())) {
		if (started.child.exitCode !== null) throw new Error(`npm start exited early:\n${started.output()}`);
		if (Date.now() > deadline) throw new Error(`npm start did not print ${String(pattern)} in ${ms / 1000} s:\n${started.output()}`);
		await new Promise((r) => setTimeout(r, 250));
	}
}

async function within<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
	return await Promise.race([promise, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms))]);
}

/**
 * After a stop: npm has ended (its own status after a signal is npm's business), nothing it had
 * started still runs, and both ports are free.
 */
async function expectAllGone(started: Started, before: number[]): Promise<void> {
	expect(await within(started.exited, 30_000)).not.toBe('timeout');
	const deadline = Date.now() + 30_000;
	while (before.some(running) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
	expect(before.filter(running)).toEqual([]);
	expect(await portTaken(started.n8nPort)).toBe(false);
	expect(await portTaken(started.sandboxPort)).toBe(false);
}

beforeAll(() => {
	folder = mkdtempSync(join(tmpdir(), 'skyslope-start-'));
});

afterAll(() => {
	for (const child of children) {
		if (child.exitCode === null && child.pid !== undefined) {
			try {
				process.kill(-child.pid, 'SIGKILL');
			} catch {
				// gone
			}
		}
	}
	if (folder && process.env.E2E_KEEP !== '1') rmSync(folder, { recursive: true, force: true });
});

describe('npm start', () => {
	it('prints a working login, the credentials and the examples; a second one is refused; Ctrl-C stops everything', async () => {
		const started = npmStart(await freePort(), await freePort());
		await until(started, /Stop: Ctrl-C/, 240_000);
		const out = started.output();
		const url = /n8n is ready \([^)]*\): (http:\/\/\S+?)\/?\s/.exec(out)?.[1];
		expect(url).toBe(`http://127.0.0.1:${started.n8nPort}`);
		expect(out).toContain(`Sign page: http://127.0.0.1:${started.sandboxPort}/forms/sandbox`);
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

		// a second `npm start` on the same ports says which is taken, by whom, and exits non-zero
		const second = npmStart(started.n8nPort, started.sandboxPort);
		expect(await within(second.exited, 60_000)).toBe(1);
		expect(second.output()).toContain(`port ${started.n8nPort} (n8n) is already in use by process`);
		expect(second.output()).toContain(`port ${started.sandboxPort} (the sandbox) is already in use by process`);
		expect(second.output()).toMatch(/Stop it \(kill \d+\), or pick another port: N8N_PORT=<port> npm start/);
		// ... and touched nothing of the first
		await client.rest('GET', '/credentials');

		const before = descendants(started.child.pid as number);
		expect(before.length).toBeGreaterThanOrEqual(4); // sh, node scripts/start.ts, the sandbox, n8n
		process.kill(-(started.child.pid as number), 'SIGINT');
		await expectAllGone(started, before);
		expect(started.output()).toMatch(/(SIGINT|npm start was stopped): stopping n8n and the sandbox/);
		expect(started.output()).toContain('Stopped.');
	}, 360_000);

	it('kill <pid of npm> (SIGTERM) stops n8n and the sandbox with it', async () => {
		// the same user folder again: a restart after a clean stop works too
		const started = npmStart(await freePort(), await freePort());
		await until(started, /Stop: Ctrl-C/, 240_000);
		const before = descendants(started.child.pid as number);
		expect(before.length).toBeGreaterThanOrEqual(4);
		// npm passes SIGTERM to the shell it runs the script in, which ends without passing it on
		started.child.kill('SIGTERM');
		await expectAllGone(started, before);
		expect(started.output()).toMatch(/(SIGTERM|npm start was stopped): stopping n8n and the sandbox/);
		expect(started.output()).toContain('Stopped.');
	}, 360_000);

	it('a stop while it is still starting leaves nothing behind', async () => {
		const started = npmStart(await freePort(), await freePort());
		await until(started, /sandbox listening on/, 120_000);
		const before = descendants(started.child.pid as number);
		process.kill(-(started.child.pid as number), 'SIGTERM');
		await expectAllGone(started, before);
		// the signal, or the end of npm's shell, whichever this process saw first
		expect(started.output()).toMatch(/(SIGTERM|npm start was stopped): stopping n8n and the sandbox/);
		expect(started.output()).toContain('Stopped.');
	}, 180_000);
});
