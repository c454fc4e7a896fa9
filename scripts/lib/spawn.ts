/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// The one place the dev scripts start processes (npm, tar, n8n, the sandbox, jest).
import * as childProcess from 'node:child_process';

export type { ChildProcess } from 'node:child_process';

export function spawnProcess(
	command: string,
	args: string[],
	options: childProcess.SpawnOptions,
): childProcess.ChildProcess {
	// eslint-disable-next-line @n8n/community-nodes/no-dangerous-functions -- dev tooling: fixed commands, no user input
	return childProcess.spawn(command, args, options);
}
