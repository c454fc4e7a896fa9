/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// The one skeleton every node folder follows (docs/ARCHITECTURE.md), checked so that it stays so:
// learn one node and you know where everything of the other two lives.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import type { Resource, ServiceSpec } from '../../nodes/shared';

const NODES = path.join(__dirname, '../../nodes');
const CREDENTIALS = path.join(__dirname, '../../credentials');
const services = readdirSync(NODES).filter((d) => d !== 'shared' && statSync(path.join(NODES, d)).isDirectory());

const isDir = (p: string) => statSync(p).isDirectory();
const read = (p: string) => readFileSync(p, 'utf8');

it('there are the three service folders', () => {
	expect(services.sort()).toEqual(['SkySlopeForms', 'SkySlopeListingsSales', 'SkySlopeOffers']);
});

describe.each(services)('%s', (service) => {
	const dir = path.join(NODES, service);

	it('holds only the skeleton at its root', () => {
		const allowed = new Set([
			`${service}.node.ts`,
			`${service}.node.json`,
			`${service}Trigger.node.ts`,
			`${service}Trigger.node.json`,
			'service.ts',
			'transport.ts',
			'actions',
			'methods',
			'helpers',
		]);
		const extra = readdirSync(dir).filter((f) => !allowed.has(f) && !f.endsWith('.svg'));
		expect(extra).toEqual([]);
		for (const required of [`${service}.node.ts`, `${service}.node.json`, 'service.ts', 'transport.ts', 'actions']) {
			expect(readdirSync(dir)).toContain(required);
		}
	});

	it('actions/ holds index.ts and one folder per resource: its resource file and one file per operation', async () => {
		const actions = path.join(dir, 'actions');
		const entries = readdirSync(actions);
		expect(entries.filter((e) => !isDir(path.join(actions, e)))).toEqual(['index.ts']);
		const { resources } = (await import(path.join(actions, 'index.ts'))) as { resources: Resource[] };
		const folders = entries.filter((e) => isDir(path.join(actions, e)));
		expect(folders.sort()).toEqual(resources.map((r) => r.value).sort());
		for (const folder of folders) {
			const files = readdirSync(path.join(actions, folder));
			const resourceFiles = files.filter((f) => f.endsWith('.resource.ts'));
			expect({ folder, resourceFiles }).toEqual({ folder, resourceFiles: [`${folder[0].toUpperCase()}${folder.slice(1)}.resource.ts`] });
			expect({ folder, other: files.filter((f) => !f.endsWith('.resource.ts') && !f.endsWith('.operation.ts')) }).toEqual({ folder, other: [] });
			// Every operation file is an operation of its resource (derived ones, like Get Form, have no file).
			const offered = new Set(resources.find((r) => r.value === folder)!.operations.map((o) => o.value));
			for (const file of files.filter((f) => f.endsWith('.operation.ts'))) {
				const operation = ((await import(path.join(actions, folder, file))) as { default: { value: string } }).default;
				expect({ file, offered: offered.has(operation.value) }).toEqual({ file, offered: true });
			}
		}
	});

	it('methods/ holds only list searches, option loaders and resource mapping', () => {
		const methods = path.join(dir, 'methods');
		const files = (() => {
			try {
				return readdirSync(methods);
			} catch {
				return [];
			}
		})();
		expect(files.filter((f) => !['listSearch.ts', 'loadOptions.ts', 'resourceMapping.ts'].includes(f))).toEqual([]);
	});

	it('service.ts describes the service for the transport; transport.ts only talks HTTP', async () => {
		const module = (await import(path.join(dir, 'service.ts'))) as Record<string, unknown>;
		const specs = Object.values(module).filter(
			(v): v is ServiceSpec => !!v && typeof v === 'object' && 'credentialType' in v && 'rateKey' in v,
		);
		expect(specs).toHaveLength(1);
		for (const fn of ['baseUrl', 'rateKey', 'readError'] as const) expect(typeof specs[0][fn]).toBe('function');
		const transport = read(path.join(dir, 'transport.ts'));
		expect(transport).not.toMatch(/from '\.\/(actions|helpers|methods)/);
		expect(transport).toMatch(/from '\.\/service'/);
		// Hosts are named in the service module only.
		for (const file of [`${service}.node.ts`, 'transport.ts']) expect(read(path.join(dir, file))).not.toMatch(/https:\/\//);
	});

	it('its credential reads hosts and base-URL rules from the service module', async () => {
		const module = (await import(path.join(dir, 'service.ts'))) as Record<string, unknown>;
		const spec = Object.values(module).find((v) => !!v && typeof v === 'object' && 'credentialType' in v) as ServiceSpec;
		const file = readdirSync(CREDENTIALS).find((f) => f.endsWith('.credentials.ts') && read(path.join(CREDENTIALS, f)).includes(`name = '${spec.credentialType}'`));
		expect(file).toBeDefined();
		const source = read(path.join(CREDENTIALS, file!));
		expect(source).toContain(`from '../nodes/${service}/service'`);
		expect(source).not.toMatch(/https:\/\/[a-z-]+\.skyslope\.com/);
	});
});
