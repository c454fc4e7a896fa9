/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// `npm run n8n:install`: installs the pinned n8n host into the cache folder (once) and prints where.
import { ensureN8n, hostPaths, say } from './lib/host';

async function main() {
	const command = process.argv[2] ?? 'install';
	if (command === 'path') {
		say(hostPaths().root);
		return;
	}
	const started = Date.now();
	const p = await ensureN8n();
	say(`n8n host ready in ${p.root} (${Math.round((Date.now() - started) / 1000)} s)`);
}

main().catch((error: Error) => {
	process.stderr.write(`${error.stack ?? error.message}\n`);
	process.exit(1);
});
