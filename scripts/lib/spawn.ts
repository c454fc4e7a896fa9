/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// The one place the dev scripts start processes (npm, tar, n8n, the sandbox, jest). Every child is
// remembered until it exits, so that a script stopped half-way (Ctrl-C during `npm start`) can end
// whatever it had started, and nothing is left behind holding a port.
import * as childProcess from 'node:child_process';

export type { ChildProcess } from 'node:child_process';

const running = new Set<childProcess.ChildProcess>();
/** Children started in a process group of their own: stopping them stops the whole group. */
const leaders = new WeakSet<childProcess.ChildProcess>();

export function spawnProcess(
	command: string,
	args: string[],
	options: childProcess.SpawnOptions,
): childProcess.ChildProcess {
	// eslint-disable-next-line @n8n/community-nodes/no-dangerous-functions -- dev tooling: fixed commands, no user input
	const child = childProcess.spawn(command, args, options);
	if (child.pid !== undefined) {
		running.add(child);
		if (options.detached) leaders.add(child);
		child.once('exit', () => running.delete(child));
	}
	return child;
}

/** Children started by this process that have not exited yet. */
export function runningChildren(): childProcess.ChildProcess[] {
	return [...running];
}

function signal(child: childProcess.ChildProcess, sig: NodeJS.Signals): void {
	try {
		// A group leader's group holds its own children too (n8n's task runner).
		if (leaders.has(child) && child.pid !== undefined) process.kill(-child.pid, sig);
		else child.kill(sig);
	} catch {
		// already gone
	}
}

/**
 * Ends a child: SIGTERM, then SIGKILL after `graceMs`. For a group leader, whatever is left of its
 * group after it exited is killed too.
 */
export async function stopChild(child: childProcess.ChildProcess, graceMs = 10000): Promise<void> {
	const gone = () => child.exitCode !== null || child.signalCode !== null;
	if (!gone()) {
		const exited = new Promise<void>((r) => child.once('exit', () => r()));
		signal(child, 'SIGTERM');
		const timer = setTimeout(() => signal(child, 'SIGKILL'), graceMs);
		await exited;
		clearTimeout(timer);
	}
	if (leaders.has(child)) signal(child, 'SIGKILL');
}

/** Ends every child this process started, all at once. */
export async function stopAllChildren(graceMs = 10000): Promise<void> {
	await Promise.all(runningChildren().map((child) => stopChild(child, graceMs)));
}
