/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// `npm start`: a real n8n with this package, wired to the local sandbox, until Ctrl-C.
//
//   npm start                 keeps its data in .n8n-host/ (your workflows survive restarts)
//   npm start -- --reset      starts over with an empty user folder
//   npm start -- --postgres   also a local Postgres (installed from Debian's packages when missing,
//                             its data in <user folder>/postgres) and the mirror's workflows and
//                             credential (docs/MIRROR.md); never started without the flag
//   N8N_PORT=5679 SANDBOX_PORT=4011 npm start      other ports
//   N8N_HOST_USER_FOLDER=<dir>                      another user folder
//   N8N_HOST_SKIP_BUILD=1                           use dist/ as it is
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { say } from './lib/host';
import { MIRROR_CREDENTIAL, mirrorCredential, mirrorWorkflows } from './lib/mirror';
import { OWNER } from './lib/n8n-api';
import { listenerOf, portTaken, REPO_ROOT } from './lib/processes';
import { startPostgres, type PostgresService } from './lib/queue-services';
import { CREDENTIAL_IDS, CREDENTIAL_NAMES, startHost } from './lib/setup';
import { stopAllChildren } from './lib/spawn';

/** A port we need is taken: say by whom (when we can tell) and what to do, before starting anything. */
async function refuseTakenPorts(ports: Array<{ port: number; what: string; env: string }>): Promise<boolean> {
	let taken = false;
	for (const { port, what, env } of ports) {
		if (!(await portTaken(port))) continue;
		taken = true;
		const holder = listenerOf(port);
		const who = holder ? `process ${holder.pid} (${holder.command.slice(0, 160)})` : 'another process';
		process.stderr.write(
			`npm start: port ${port} (${what}) is already in use by ${who}.\n` +
				`  Is another \`npm start\` (or n8n) still running? Stop it${holder ? ` (kill ${holder.pid})` : ''}, ` +
				`or pick another port: ${env}=<port> npm start\n`,
		);
	}
	return taken;
}

/** Set once a stop began (a signal, or n8n or the sandbox ending): nothing else reports or exits. */
let stopping = false;

async function main() {
	const userFolder = resolve(process.env.N8N_HOST_USER_FOLDER ?? join(REPO_ROOT, '.n8n-host'));
	const n8nPort = Number(process.env.N8N_PORT ?? 5678);
	const sandboxPort = Number(process.env.SANDBOX_PORT ?? 4010);
	const started = Date.now();

	let postgres: PostgresService | undefined;
	const stop = async (why: string) => {
		if (stopping) return;
		stopping = true;
		say(`\n${why}: stopping n8n and the sandbox...`);
		// Everything started so far, even half-way through the start: n8n, the sandbox, a build.
		await stopAllChildren();
		// Postgres runs on its own (pg_ctl starts it in the background): stopped by name.
		await postgres?.stop();
		say('Stopped.');
		process.exit(0);
	};
	process.on('SIGINT', () => void stop('SIGINT'));
	process.on('SIGTERM', () => void stop('SIGTERM'));
	process.on('SIGHUP', () => void stop('SIGHUP'));
	// `kill <pid of npm>`: npm passes SIGTERM to the shell it runs this script in, and the shell ends
	// without passing it on. This process then has a new parent: stop as if the signal had come.
	const parent = process.ppid;
	setInterval(() => {
		if (process.ppid !== parent) void stop('npm start was stopped');
	}, 500).unref();

	if (
		await refuseTakenPorts([
			{ port: n8nPort, what: 'n8n', env: 'N8N_PORT' },
			{ port: sandboxPort, what: 'the sandbox', env: 'SANDBOX_PORT' },
		])
	) {
		process.exit(1);
	}
	if (process.argv.includes('--reset')) {
		say(`Removing ${userFolder}`);
		rmSync(userFolder, { recursive: true, force: true });
	}

	const withPostgres = process.argv.includes('--postgres');
	if (withPostgres) {
		const dir = join(userFolder, 'postgres');
		mkdirSync(dir, { recursive: true });
		postgres = await startPostgres(say, { database: 'skyslope_mirror', dir });
	}

	const h = await startHost({
		userFolder,
		n8nPort,
		sandboxPort,
		persistent: true,
		examples: true,
		build: process.env.N8N_HOST_SKIP_BUILD !== '1',
		// Webhook subscriptions (and tokens) survive a restart, as with the real service.
		sandboxStateDir: join(userFolder, 'sandbox-state'),
		ownProcessGroups: true,
		...(postgres ? { extraCredentials: [mirrorCredential(postgres)], extraWorkflows: mirrorWorkflows() } : {}),
	});
	if (stopping) return;
	const lines = [
		'',
		`n8n ${'is ready'} (${Math.round((Date.now() - started) / 1000)} s): ${h.n8n.baseUrl}/`,
		'',
		`  Log in:    ${OWNER.email}`,
		`  Password:  ${OWNER.password}`,
		'',
		`  Sandbox:   ${h.sandbox.baseUrl}  (the three SkySlope services, stand-ins)`,
		`  Sign page: ${h.sandbox.baseUrl}/forms/sandbox  (sign a file's envelope: fires the SkySlope Signing Trigger)`,
		'  Credentials (Overview > Credentials):',
		`    ${CREDENTIAL_NAMES.forms.padEnd(28)} id ${CREDENTIAL_IDS.forms}`,
		`    ${CREDENTIAL_NAMES.listings.padEnd(28)} id ${CREDENTIAL_IDS.listings}`,
		`    ${CREDENTIAL_NAMES.offers.padEnd(28)} id ${CREDENTIAL_IDS.offers}`,
		...(postgres
			? [
					`    ${MIRROR_CREDENTIAL.name.padEnd(28)} id ${MIRROR_CREDENTIAL.id}`,
					`  Postgres:  psql -h ${postgres.host} -p ${postgres.port} -U ${postgres.user} ${postgres.database}  (the mirror's database; docs/MIRROR.md)`,
				]
			: []),
		'  Example workflows:',
		...Object.entries(h.examples).map(([file, id]) => `    ${h.n8n.baseUrl}/workflow/${id}   (${file})`),
		'',
		`  Data: ${userFolder} (n8n.log, sandbox.log)   Stop: Ctrl-C`,
		'',
	];
	say(lines.join('\n'));
	const ended = (what: string, log: string) => (code: number | null) => {
		if (stopping) return;
		stopping = true;
		say(`${what} exited (${code}); see ${join(userFolder, log)}. Stopping the rest.`);
		void stopAllChildren().then(() => process.exit(1));
	};
	h.n8n.child.on('exit', ended('n8n', 'n8n.log'));
	h.sandbox.child.on('exit', ended('the sandbox', 'sandbox.log'));
}

main().catch(async (error: Error) => {
	// A stop asked for while starting makes the start fail: the stop reports and exits.
	if (stopping) return;
	process.stderr.write(`npm start failed: ${error.stack ?? error.message}\n`);
	await stopAllChildren();
	process.exit(1);
});
