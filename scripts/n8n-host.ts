/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// `npm run n8n:install`: installs the pinned n8n host into the cache folder (once) and prints where.
// `-- --line=1` (or N8N_HOST_LINE=1) does the same for the n8n 1.x line; `path` only prints the folder.
import { ensureN8n, hostLine, hostPaths, say } from './lib/host';

async function main() {
	const lineArg = process.argv.find((a) => a.startsWith('--line='));
	if (lineArg) process.env.N8N_HOST_LINE = lineArg.slice('--line='.length);
	const command = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'install';
	if (command === 'path') {
		say(hostPaths().root);
		return;
	}
	const started = Date.now();
	const p = await ensureN8n(say, hostLine());
	say(`n8n ${p.line.n8n} host ready in ${p.root} (${Math.round((Date.now() - started) / 1000)} s)`);
}

main().catch((error: Error) => {
	process.stderr.write(`${error.stack ?? error.message}\n`);
	process.exit(1);
});
