/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// `npm start`: a real n8n with this package, wired to the local sandbox, until Ctrl-C.
//
//   npm start                 keeps its data in .n8n-host/ (your workflows survive restarts)
//   npm start -- --reset      starts over with an empty user folder
//   N8N_PORT=5679 SANDBOX_PORT=4011 npm start      other ports
//   N8N_HOST_USER_FOLDER=<dir>                      another user folder
//   N8N_HOST_SKIP_BUILD=1                           use dist/ as it is
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { say } from './lib/host';
import { OWNER } from './lib/n8n-api';
import { REPO_ROOT } from './lib/processes';
import { CREDENTIAL_IDS, CREDENTIAL_NAMES, type Host, startHost } from './lib/setup';

async function main() {
	const userFolder = resolve(process.env.N8N_HOST_USER_FOLDER ?? join(REPO_ROOT, '.n8n-host'));
	if (process.argv.includes('--reset')) {
		say(`Removing ${userFolder}`);
		rmSync(userFolder, { recursive: true, force: true });
	}
	const n8nPort = Number(process.env.N8N_PORT ?? 5678);
	const sandboxPort = Number(process.env.SANDBOX_PORT ?? 4010);
	const started = Date.now();

	const box: { host?: Host } = {};
	let stopping = false;
	const stop = async (signal: string) => {
		if (stopping) return;
		stopping = true;
		say(`\n${signal}: stopping n8n and the sandbox...`);
		if (box.host) await box.host.stop();
		say('Stopped.');
		process.exit(0);
	};
	process.on('SIGINT', () => void stop('SIGINT'));
	process.on('SIGTERM', () => void stop('SIGTERM'));

	const h = await startHost({
		userFolder,
		n8nPort,
		sandboxPort,
		persistent: true,
		examples: true,
		build: process.env.N8N_HOST_SKIP_BUILD !== '1',
	});
	box.host = h;
	const lines = [
		'',
		`n8n ${'is ready'} (${Math.round((Date.now() - started) / 1000)} s): ${h.n8n.baseUrl}/`,
		'',
		`  Log in:    ${OWNER.email}`,
		`  Password:  ${OWNER.password}`,
		'',
		`  Sandbox:   ${h.sandbox.baseUrl}  (the three SkySlope services, stand-ins)`,
		'  Credentials (Overview > Credentials):',
		`    ${CREDENTIAL_NAMES.forms.padEnd(28)} id ${CREDENTIAL_IDS.forms}`,
		`    ${CREDENTIAL_NAMES.listings.padEnd(28)} id ${CREDENTIAL_IDS.listings}`,
		`    ${CREDENTIAL_NAMES.offers.padEnd(28)} id ${CREDENTIAL_IDS.offers}`,
		'  Example workflows:',
		...Object.entries(h.examples).map(([file, id]) => `    ${h.n8n.baseUrl}/workflow/${id}   (${file})`),
		'',
		`  Data: ${userFolder} (n8n.log, sandbox.log)   Stop: Ctrl-C`,
		'',
	];
	say(lines.join('\n'));
	h.n8n.child.on('exit', (code) => {
		if (stopping) return;
		say(`n8n exited (${code}); see ${join(userFolder, 'n8n.log')}`);
		void h.sandbox.stop().then(() => process.exit(1));
	});
	h.sandbox.child.on('exit', (code) => {
		if (stopping) return;
		say(`the sandbox exited (${code}); see ${join(userFolder, 'sandbox.log')}`);
		void h.n8n.stop().then(() => process.exit(1));
	});
}

main().catch((error: Error) => {
	process.stderr.write(`npm start failed: ${error.stack ?? error.message}\n`);
	process.exit(1);
});
