/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// `npm run dev`: `npm start`'s n8n (same user folder, ports and sandbox), and on every saved change
// to nodes/ or credentials/ a new build installed into it and n8n restarted, as `n8n-node dev` does
// for new packages. Reload the editor page after "ready". Ctrl-C stops everything.
import { join, resolve } from 'node:path';

import { watchSources } from './lib/dev-watch';
import { say } from './lib/host';
import { REPO_ROOT } from './lib/processes';
import { buildAndPack, startHost, unpackInto } from './lib/setup';
import { stopAllChildren } from './lib/spawn';

async function main(): Promise<void> {
	const userFolder = resolve(process.env.N8N_HOST_USER_FOLDER ?? join(REPO_ROOT, '.n8n-host'));
	const host = await startHost({
		userFolder,
		n8nPort: Number(process.env.N8N_PORT ?? 5678),
		sandboxPort: Number(process.env.SANDBOX_PORT ?? 4010),
		persistent: true,
		examples: true,
		sandboxStateDir: join(userFolder, 'sandbox-state'),
		ownProcessGroups: true,
	});
	say(`\nn8n is ready: ${host.n8n.baseUrl}/  (watching nodes/ and credentials/; Ctrl-C stops)`);
	const stop = async () => {
		watching.close();
		await stopAllChildren();
		process.exit(0);
	};
	process.on('SIGINT', () => void stop());
	process.on('SIGTERM', () => void stop());

	const watching = watchSources(REPO_ROOT, ['nodes', 'credentials'], async (files) => {
		const started = Date.now();
		const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
		say(`\n${files.length} file(s) changed: ${files.slice(0, 5).join(', ')}${files.length > 5 ? ', ...' : ''}`);
		try {
			const packed = await buildAndPack(say, true);
			try {
				await unpackInto(packed.tarball, userFolder, say);
			} finally {
				packed.cleanup();
			}
			say(`  built and installed (${seconds()}); restarting n8n...`);
			await host.restartN8n();
			say(`  n8n is ready again (${seconds()}): reload ${host.n8n.baseUrl}/`);
		} catch (error) {
			// A build that fails (a type error) leaves the running n8n as it was: fix and save again.
			say(`  not reloaded: ${(error as Error).message.split('\n').slice(0, 12).join('\n  ')}`);
		}
	});
}

main().catch(async (error: Error) => {
	say(`npm run dev failed: ${error.message}`);
	await stopAllChildren();
	process.exit(1);
});
