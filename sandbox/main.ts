/* eslint-disable @n8n/community-nodes/no-restricted-globals -- the sandbox is dev tooling, never shipped in dist */
// `npm run sandbox`: the three stand-in services on one loopback port, until Ctrl-C.
import { parseLiveSwitches } from './core/live';
import { startSandbox } from './index';

async function main() {
	const port = Number(process.env.SANDBOX_PORT ?? 4010);
	const sandbox = await startSandbox({
		port,
		verbose: process.env.SANDBOX_VERBOSE === '1',
		// Subscriptions and tokens survive a restart when given a folder (npm start gives one).
		stateDir: process.env.SANDBOX_STATE_DIR || undefined,
		// `SANDBOX_LIVE=all` (or a comma list): answer as clients of the live services report (core/live.ts).
		live: parseLiveSwitches(process.env.SANDBOX_LIVE),
	});
	const lines = [`SkySlope sandbox listening on ${sandbox.baseUrl}`, ''];
	for (const service of sandbox.services.values()) {
		lines.push(`${service.name}: ${sandbox.baseUrl}${service.mount}`);
		for (const [key, value] of Object.entries(service.credentialHints(sandbox.baseUrl))) {
			lines.push(`  ${key.padEnd(22)} ${value}`);
		}
		lines.push('');
	}
	const live = Object.keys(sandbox.live);
	if (live.length) lines.push(`Behaving as the live services do: ${live.join(', ')}`);
	lines.push('Test controls: GET /_sandbox/log, PUT /_sandbox/faults, PUT /_sandbox/live, POST /_sandbox/expire, PUT /_sandbox/ratelimit');
	process.stdout.write(`${lines.join('\n')}\n`);
	const stop = () => {
		void sandbox.close().then(() => process.exit(0));
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

void main();
