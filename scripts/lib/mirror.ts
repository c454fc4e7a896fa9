/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// The mirror of docs/MIRROR.md on a machine of ours: the example workflows of examples/mirror/ and
// the Postgres credential they refer to (fixed id), pointed at a database we started.
import { join } from 'node:path';

import type { PostgresService } from './queue-services';
import { REPO_ROOT } from './processes';
import { readExamples, type ExampleFile } from './setup';

export const MIRROR_CREDENTIAL = { id: 'skyslope-mirror-postgres', name: 'Mirror database (Postgres)' };

/** examples/mirror/*.json, named `mirror/<file>`. */
export function mirrorWorkflows(): ExampleFile[] {
	return readExamples(join(REPO_ROOT, 'examples', 'mirror')).map((e) => ({ ...e, file: `mirror/${e.file}` }));
}

/** n8n's Postgres credential for a database we started (trust authentication, no TLS). */
export function mirrorCredential(pg: Pick<PostgresService, 'host' | 'port' | 'user' | 'database'>): Record<string, unknown> {
	const now = new Date().toISOString();
	return {
		id: MIRROR_CREDENTIAL.id,
		name: MIRROR_CREDENTIAL.name,
		type: 'postgres',
		createdAt: now,
		updatedAt: now,
		isManaged: false,
		data: { host: pg.host, port: pg.port, database: pg.database, user: pg.user, password: '', ssl: 'disable', allowUnauthorizedCerts: false, sshTunnel: false },
	};
}
