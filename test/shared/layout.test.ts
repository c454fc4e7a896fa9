/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// The one skeleton every service folder follows (docs/ARCHITECTURE.md), checked so that it stays so:
// learn one service and you know where everything of the other two lives.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import type { Resource, ServiceSpec } from '../../nodes/SkySlope/shared';

const NODES = path.join(__dirname, '../../nodes');
const NODE = path.join(NODES, 'SkySlope');
const CREDENTIALS = path.join(__dirname, '../../credentials');
const services = readdirSync(NODE).filter((d) => d !== 'shared' && statSync(path.join(NODE, d)).isDirectory());

const isDir = (p: string) => statSync(p).isDirectory();
const read = (p: string) => readFileSync(p, 'utf8');

it('nodes/ holds one node folder: the action node, its two triggers, the three service folders and what they share', () => {
	expect(readdirSync(NODES)).toEqual(['SkySlope']);
	expect(readdirSync(NODE).sort()).toEqual(
		[
			'SkySlope.node.json',
			'SkySlope.node.ts',
			'SkySlopeSigningTrigger.node.json',
			'SkySlopeSigningTrigger.node.ts',
			'SkySlopeTrigger.node.json',
			'SkySlopeTrigger.node.ts',
			'actions.ts',
			'forms',
			'listingsSales',
			'methods.ts',
			'offers',
			'shared',
			'skySlope.dark.svg',
			'skySlope.svg',
		].sort(),
	);
	expect(services.sort()).toEqual(['forms', 'listingsSales', 'offers']);
});

describe.each(services)('%s', (service) => {
	const dir = path.join(NODE, service);

	it('holds only the skeleton at its root', () => {
		const allowed = new Set(['service.ts', 'transport.ts', 'trigger.ts', 'actions', 'methods', 'helpers']);
		expect(readdirSync(dir).filter((f) => !allowed.has(f))).toEqual([]);
		for (const required of ['service.ts', 'transport.ts', 'actions']) expect(readdirSync(dir)).toContain(required);
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
		expect(transport).not.toMatch(/https:\/\//);
	});

	it('its credential reads hosts and base-URL rules from the service module', async () => {
		const module = (await import(path.join(dir, 'service.ts'))) as Record<string, unknown>;
		const spec = Object.values(module).find((v) => !!v && typeof v === 'object' && 'credentialType' in v) as ServiceSpec;
		const file = readdirSync(CREDENTIALS).find((f) => f.endsWith('.credentials.ts') && read(path.join(CREDENTIALS, f)).includes(`name = '${spec.credentialType}'`));
		expect(file).toBeDefined();
		const source = read(path.join(CREDENTIALS, file!));
		expect(source).toContain(`from '../nodes/SkySlope/${service}/service'`);
		expect(source).not.toMatch(/https:\/\/[a-z-]+\.skyslope\.com/);
	});
});

/** The .ts files below a folder. */
function tsFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const full = path.join(dir, name);
		return statSync(full).isDirectory() ? tsFiles(full) : full.endsWith('.ts') ? [full] : [];
	});
}

/** The import cycles among the .ts files below a folder (relative imports, type-only ones included). */
function importCycles(dir: string): string[][] {
	const files = new Set(tsFiles(dir));
	const graph = new Map<string, string[]>();
	for (const file of files) {
		const deps: string[] = [];
		// import/export ... from './x', and a bare import './x' (side effects only)
		for (const m of readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s(?:[^;]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gms)) {
			const target = path.resolve(path.dirname(file), m[1]);
			const found = [`${target}.ts`, path.join(target, 'index.ts')].find((c) => files.has(c));
			if (found) deps.push(found);
		}
		graph.set(file, deps);
	}
	// Strongly connected components (Tarjan): every one with more than one file is a cycle.
	let counter = 0;
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const cycles: string[][] = [];
	const visit = (v: string) => {
		index.set(v, counter);
		low.set(v, counter++);
		stack.push(v);
		onStack.add(v);
		for (const w of graph.get(v) ?? []) {
			if (!index.has(w)) {
				visit(w);
				low.set(v, Math.min(low.get(v)!, low.get(w)!));
			} else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
		}
		if (low.get(v) !== index.get(v)) return;
		const component: string[] = [];
		let w: string;
		do {
			w = stack.pop()!;
			onStack.delete(w);
			component.push(path.relative(path.join(__dirname, '..', '..'), w));
		} while (w !== v);
		if (component.length > 1) cycles.push(component.sort());
	};
	for (const v of graph.keys()) if (!index.has(v)) visit(v);
	return cycles;
}

describe('imports', () => {
	it('nodes/ has no import cycle: each file imports only what sits below it', () => {
		expect(importCycles(path.join(__dirname, '..', '..', 'nodes'))).toEqual([]);
	});

	it('the cycle check finds a cycle (two files that import each other)', () => {
		expect(importCycles(path.join(__dirname, 'fixtures-cycle'))).toEqual([
			['test/shared/fixtures-cycle/a.ts', 'test/shared/fixtures-cycle/b.ts'],
		]);
	});

	it('sandbox/ has no import cycle: store, then views, then routes', () => {
		expect(importCycles(path.join(__dirname, '..', '..', 'sandbox'))).toEqual([]);
	});
});

describe('the doors of the house', () => {
	const ROOT = path.join(__dirname, '..', '..');
	const folders = (dir: string) =>
		readdirSync(dir).filter((d) => !d.startsWith('.') && !['node_modules', 'dist'].includes(d) && isDir(path.join(dir, d)));
	/** Every .ts file under `dir`, relative to the repository. */
	const tsFiles = (dir: string): string[] =>
		readdirSync(dir).flatMap((name) => {
			const full = path.join(dir, name);
			return isDir(full) ? tsFiles(full) : name.endsWith('.ts') ? [path.relative(ROOT, full)] : [];
		});
	const layout = (() => {
		const contributing = read(path.join(ROOT, 'CONTRIBUTING.md'));
		const start = contributing.indexOf('## Layout and everyday commands');
		expect(start).toBeGreaterThan(0);
		return contributing.slice(start, contributing.indexOf('```', contributing.indexOf('```', start) + 3));
	})();

	it("CONTRIBUTING's layout names every top-level folder and every folder of test/", () => {
		const unnamed = [
			...folders(ROOT).filter((d) => !new RegExp(`^${d}/`, 'm').test(layout)),
			...folders(path.join(ROOT, 'test')).filter((d) => !new RegExp(`(^|\\s)${d}/`).test(layout)).map((d) => `test/${d}`),
		];
		expect(unnamed).toEqual([]);
	});

	it('at most one jest configuration at the root', () => {
		expect(readdirSync(ROOT).filter((f) => /^jest\..*config/.test(f))).toEqual(['jest.config.js']);
	});

	it('no arrow up: each room imports only rooms below it (nodes and credentials, sandbox, scripts, harness, then the runners: bench and test)', () => {
		const floor: Record<string, number> = { nodes: 0, credentials: 0, sandbox: 1, scripts: 2, harness: 3, bench: 4, test: 4 };
		const up = Object.keys(floor).flatMap((room) =>
			tsFiles(path.join(ROOT, room)).flatMap((file) =>
				[...read(path.join(ROOT, file)).matchAll(/(?:from|import\(|require\()\s*'(\.[^']+)'/g)]
					.map(([, spec]) => path.relative(ROOT, path.resolve(ROOT, path.dirname(file), spec)).split(path.sep)[0])
					.filter((target) => target in floor && floor[target] > floor[room])
					.map((target) => `${file} imports ${target}/`),
			),
		);
		expect(up).toEqual([]);
	});

	it('bench/, scripts/ and harness/ import nothing from test/', () => {
		const fromTest = ['bench', 'scripts', 'harness'].flatMap((dir) =>
			tsFiles(path.join(ROOT, dir)).filter((file) =>
				[...read(path.join(ROOT, file)).matchAll(/(?:from|import\(|require\()\s*'(\.[^']+)'/g)].some(([, spec]) =>
					path.relative(ROOT, path.resolve(ROOT, path.dirname(file), spec)).startsWith(`test${path.sep}`),
				),
			),
		);
		expect(fromTest).toEqual([]);
	});
});
