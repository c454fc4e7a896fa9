/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// examples/mirror/schema.sql in a real Postgres: what every mirror workflow runs before it writes.
// Runs that start together wait for each other; a later run ends at once; the first version's
// signed-documents table is brought to one row per signing, keeping its rows.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { startPostgres, type PostgresService } from '../../scripts/lib/queue-services';
import { psql } from '../../harness/mirror';

const schema = readFileSync(join(__dirname, '../../examples/mirror/schema.sql'), 'utf8');
const schemaV1 = readFileSync(join(__dirname, '../fixtures/mirror/schema-v1.sql'), 'utf8');

const signedDocument = (dateSigned?: string, extra: Record<string, unknown> = {}) =>
	`SELECT skyslope_mirror_signed_document('${JSON.stringify({ fileId: 7, envelopeId: 'env-1', documentId: 70, ...(dateSigned ? { dateSigned } : {}), ...extra })}'::jsonb)`;

describe('the mirror schema in Postgres', () => {
	let pg: PostgresService;
	beforeAll(async () => {
		pg = await startPostgres(() => undefined, { database: 'fresh' });
		for (const db of ['together', 'upgraded']) expect((await psql(pg, 'fresh', `CREATE DATABASE ${db}`)).code).toBe(0);
	}, 300_000);
	afterAll(async () => await pg?.stop());

	it('five runs started together all succeed, and leave the schema once; a run after them changes nothing', async () => {
		const runs = await Promise.all(Array.from({ length: 5 }, () => psql(pg, 'together', schema)));
		expect(runs.map((r) => [r.code, r.err.includes('ERROR')])).toEqual(Array.from({ length: 5 }, () => [0, false]));
		expect((await psql(pg, 'together', 'SELECT skyslope_mirror_schema_version()')).out).toBe('2');
		const before = (await psql(pg, 'together', "SELECT string_agg(oid::text || ':' || xmin::text, ',' ORDER BY oid) FROM pg_proc WHERE proname LIKE 'skyslope_%'")).out;
		expect((await psql(pg, 'together', schema)).code).toBe(0);
		// Not one function written again: the run saw version 2 and ended.
		expect((await psql(pg, 'together', "SELECT string_agg(oid::text || ':' || xmin::text, ',' ORDER BY oid) FROM pg_proc WHERE proname LIKE 'skyslope_%'")).out).toBe(before);
	});

	it('keeps each signing of a document as its own row, once, and refuses one without a signing time', async () => {
		const db = 'fresh';
		expect((await psql(pg, db, schema)).code).toBe(0);
		expect((await psql(pg, db, signedDocument('2026-03-01T10:00:00Z', { receivedAt: '2026-03-01T10:00:05Z' }))).code).toBe(0);
		// The same signing again (a repeat, or the reconcile without receivedAt): no new row, received_at kept.
		expect((await psql(pg, db, signedDocument('2026-03-01T10:00:00Z'))).code).toBe(0);
		// Signed again later (zone-less, as the live service writes): a second row.
		expect((await psql(pg, db, signedDocument('2026-03-04T09:30:00'))).code).toBe(0);
		const rows = await psql(pg, db, "SELECT string_agg(signed_at AT TIME ZONE 'UTC' || '|' || coalesce(received_at AT TIME ZONE 'UTC' || '', '-'), ',' ORDER BY signed_at) FROM skyslope_signed_documents");
		expect(rows.out).toBe('2026-03-01 10:00:00|2026-03-01 10:00:05,2026-03-04 09:30:00|-');
		const refused = await psql(pg, db, signedDocument(undefined, { signedDocumentsError: 'listing the signed documents of file 7 failed: 503' }));
		expect(refused.code).not.toBe(0);
		expect(refused.err).toContain('Signed document 70 of file 7 has no signing time (dateSigned): listing the signed documents of file 7 failed: 503');
	});

	it('brings the first version up: its rows kept, a document signed again now a row of its own', async () => {
		const db = 'upgraded';
		expect((await psql(pg, db, schemaV1)).code).toBe(0);
		expect((await psql(pg, db, signedDocument('2026-03-01T10:00:00Z'))).code).toBe(0);
		expect((await psql(pg, db, signedDocument(undefined, { documentId: 71 }))).code).toBe(0);
		expect((await psql(pg, db, schema)).code).toBe(0);
		const key = await psql(pg, db, "SELECT string_agg(a.attname, ',' ORDER BY array_position(i.indkey::int[], a.attnum::int)) FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey) WHERE i.indrelid = 'skyslope_signed_documents'::regclass AND i.indisprimary");
		expect(key.out).toBe('file_id,envelope_id,document_id,signed_at');
		expect((await psql(pg, db, signedDocument('2026-03-04T09:30:00Z'))).code).toBe(0);
		const rows = await psql(pg, db, "SELECT string_agg(document_id || '@' || signed_at AT TIME ZONE 'UTC', ',' ORDER BY document_id, signed_at) FROM skyslope_signed_documents");
		expect(rows.out).toBe('70@2026-03-01 10:00:00,70@2026-03-04 09:30:00,71@-infinity');
	});
});
