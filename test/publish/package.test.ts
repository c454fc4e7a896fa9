/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// What n8n checks before a community package is verified, run offline on the PACKED tarball (what
// users install), not only on the sources:
// - n8n's community package scanner (@n8n/scan-community-package): npm provenance, then ESLint with
//   n8n's community-node rules over the provenance-attested sources and over the tarball's
//   JavaScript and package.json, then GuardDog's YARA "threat" rules over every shipped file (here:
//   the project's own checks of what each rule looks for, written from their documentation);
// - n8n's package loader (community install): the package.json `n8n` section, one class per
//   listed file named after it, icons resolved next to the file, the codex `<Node>.node.json`.
// Each test is named after the scanner or loader step it stands in for.
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { ICredentialType, INodeType, INodeTypeDescription, IVersionedNodeType } from 'n8n-workflow';

import { REPO_ROOT } from '../../scripts/lib/processes';
import { run } from '../../scripts/lib/setup';
import { buildAndUnpack, type Packed } from './pack';

interface Manifest {
	name: string;
	version: string;
	license?: string;
	keywords?: string[];
	homepage?: string;
	bugs?: { url?: string } | string;
	author?: { name?: string; email?: string; url?: string } | string;
	repository?: { type?: string; url?: string } | string;
	scripts?: Record<string, string>;
	dependencies?: Record<string, string>;
	peerDependencies?: Record<string, string>;
	optionalDependencies?: Record<string, string>;
	bundleDependencies?: string[] | boolean;
	overrides?: unknown;
	n8n: { n8nNodesApiVersion: number; credentials: string[]; nodes: string[] };
}

interface Finding {
	file: string;
	line: number;
	rule: string | null;
	message: string;
}

/** The scanner's ESLint pass, in a child process (scanner-lint.mjs). */
async function scannerLint(cwd: string, patterns: string[]): Promise<{ files: number; findings: Finding[] }> {
	const out = await run(process.execPath, [path.join(__dirname, 'scanner-lint.mjs'), cwd, ...patterns], { cwd: REPO_ROOT });
	return JSON.parse(out.slice(out.indexOf('{"files"'))) as { files: number; findings: Finding[] };
}

const show = (findings: Finding[]) => findings.map((f) => `${f.file}:${f.line} ${f.rule ?? ''} ${f.message}`);

/** The repository as npm's provenance records it: a public GitHub repository, owner and name. */
const GITHUB_SOURCE = /^git\+https:\/\/github\.com\/([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+?)\.git$/;

/** Where shipped code may point: the services, the repository and n8n's docs, loopback and reserved names. */
const ALLOWED_URL_HOSTS = [/(^|\.)skyslope\.com$/, /^github\.com$/, /^docs\.n8n\.io$/, /^127\.0\.0\.1$/, /^localhost$/, /^example\.com$/, /\.invalid$/];

let packed: Packed;
let manifest: Manifest;
const shippedJs = () => packed.files.filter((f) => f.endsWith('.js'));
const read = (file: string) => readFileSync(path.join(packed.root, file), 'utf8');

beforeAll(async () => {
	packed = await buildAndUnpack();
	manifest = JSON.parse(read('package.json')) as Manifest;
	// n8n provides n8n-workflow to community packages; let the unpacked package resolve it the same way.
	mkdirSync(path.join(packed.root, 'node_modules'));
	symlinkSync(path.join(REPO_ROOT, 'node_modules', 'n8n-workflow'), path.join(packed.root, 'node_modules', 'n8n-workflow'), 'dir');
}, 240_000);

afterAll(() => packed?.cleanup());

describe('scanner: npm provenance (the package must be published from GitHub Actions with provenance)', () => {
	const workflow = readFileSync(path.join(REPO_ROOT, '.github/workflows/publish.yml'), 'utf8');

	it('publish.yml runs on a version tag, may mint an OIDC token, and publishes with --provenance', () => {
		expect(workflow).toMatch(/\n\s+tags:\s*\n\s+- ['"]?v\*/);
		expect(workflow).toMatch(/\n\s+id-token: write\b/);
		expect(workflow).toMatch(/\n\s+(- )?run: npm publish --provenance --access public\b/);
	});

	it('publish.yml publishes from Node 24 with an npm that does trusted publishing (11.5.1 or newer)', () => {
		expect(workflow).toMatch(/\n\s+node-version: 24\b/);
		expect(workflow).toMatch(/npm install --global 'npm@>=11\.5\.1'/);
	});

	it('publish.yml publishes only a commit CI passed (lint and every test), built afresh', () => {
		const publishAt = workflow.indexOf('npm publish');
		for (const step of ['--workflow ci.yml --commit', 'run: npm ci', 'run: npm run build']) {
			const at = workflow.indexOf(step);
			expect(`${step}: ${at >= 0 && at < publishAt ? 'before publish' : 'missing'}`).toBe(`${step}: before publish`);
		}
	});

	it('the repository field names the public GitHub repository the provenance will point at', () => {
		const url = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
		expect(url).toMatch(GITHUB_SOURCE);
		const [, owner, repo] = GITHUB_SOURCE.exec(url!)!;
		expect(manifest.homepage).toBe(`https://github.com/${owner}/${repo}#readme`);
		expect(typeof manifest.bugs === 'string' ? manifest.bugs : manifest.bugs?.url).toBe(`https://github.com/${owner}/${repo}/issues`);
	});
});

describe('scanner: ESLint with the community-node rules', () => {
	it('the tarball leg: every shipped .js and package.json, inline eslint-disable comments ignored', async () => {
		const { files, findings } = await scannerLint(packed.root, ['**/*.js', 'package.json']);
		expect(files).toBe(shippedJs().length + 1);
		expect(show(findings)).toEqual([]);
	}, 60_000);

	it('the source leg: package.json, nodes/ and credentials/ of the repository the provenance points at', async () => {
		const { files, findings } = await scannerLint(REPO_ROOT, ['package.json', '{nodes,credentials}/**/*.{js,ts,json}']);
		expect(files).toBeGreaterThan(50);
		expect(show(findings)).toEqual([]);
	}, 60_000);

	it('catches what the scanner would refuse (planted violations, one disabled inline)', async () => {
		const dir = mkdtempSync(path.join(tmpdir(), 'skyslope-scan-fixture-'));
		try {
			writeFileSync(
				path.join(dir, 'package.json'),
				JSON.stringify({
					name: 'n8n-nodes-fixture',
					version: '1.0.0',
					keywords: ['n8n-community-node-package'],
					scripts: { postinstall: 'node setup.js' },
					dependencies: { axios: '^1.0.0' },
					overrides: { axios: '1.0.0' },
					peerDependencies: { 'n8n-workflow': '*' },
					n8n: { n8nNodesApiVersion: 1, nodes: ['dist/nodes/Foo/Foo.node.js'] },
				}),
			);
			mkdirSync(path.join(dir, 'dist'));
			writeFileSync(
				path.join(dir, 'dist/index.js'),
				[
					"const fs = require('fs');",
					'// eslint-disable-next-line no-console',
					'console.log(process.env.HOME);',
					'setTimeout(() => fs.readFileSync("x"), 1);',
				].join('\n'),
			);
			const { findings } = await scannerLint(dir, ['**/*.js', 'package.json']);
			const rules = new Set(findings.map((f) => f.rule));
			for (const rule of [
				'@n8n/community-nodes/no-restricted-imports',
				'@n8n/community-nodes/no-restricted-globals',
				'no-console',
				'@n8n/community-nodes/no-forbidden-lifecycle-scripts',
				'@n8n/community-nodes/no-runtime-dependencies',
				'@n8n/community-nodes/no-overrides-field',
				'@n8n/community-nodes/valid-author',
			]) {
				expect(`${rule}: ${rules.has(rule) ? 'found' : 'missed'}`).toBe(`${rule}: found`);
			}
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	}, 60_000);
});

describe('scanner: the project\'s checks of what GuardDog\'s threat rules look for (written from their documentation; GuardDog itself does not run here)', () => {
	it('threat-npm-preinstall-script: no install-time lifecycle script in the packed package.json', () => {
		const installHooks = ['preinstall', 'install', 'postinstall', 'prepare', 'preprepare', 'postprepare', 'prepublish'];
		expect(Object.keys(manifest.scripts ?? {}).filter((s) => installHooks.includes(s))).toEqual([]);
	});

	it('threat-npm-http-dependency: no dependency fetched from a URL, no plain-http address at all', () => {
		const specs = { ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies };
		expect(Object.entries(specs).filter(([, spec]) => /^(https?|git|file):|\//.test(spec))).toEqual([]);
		expect(read('package.json')).not.toMatch(/http:\/\//);
	});

	it('threat-runtime-environment-read: no shipped code reads the environment', () => {
		expect(shippedJs().filter((f) => /\bprocess\s*\.\s*env\b/.test(read(f)))).toEqual([]);
	});

	it('threat-runtime-obfuscation-dynamic-eval: no eval or new Function in shipped code', () => {
		expect(shippedJs().filter((f) => /\beval\s*\(|\bnew\s+Function\s*\(/.test(read(f)))).toEqual([]);
	});

	it('threat-network-outbound-shady-links: every address in shipped code is a SkySlope host, the repository, n8n docs or loopback', () => {
		const hosts = new Set(
			packed.files
				.filter((f) => /\.(js|json)$/.test(f))
				.flatMap((f) => [...read(f).matchAll(/https?:\/\/([^/:'"`\s)]+)/g)].map((m) => m[1].toLowerCase())),
		);
		expect(hosts.size).toBeGreaterThan(0);
		expect([...hosts].filter((host) => !ALLOWED_URL_HOSTS.some((allowed) => allowed.test(host)))).toEqual([]);
	});

	it('threat-runtime-obfuscation-unicode: no zero-width characters or Cyrillic/Greek letters in shipped code', () => {
		expect(shippedJs().filter((f) => /[\u200b-\u200d\u2060\ufeff\u0370-\u03ff\u0400-\u04ff]/.test(read(f)))).toEqual([]);
	});
});

describe("n8n's package loader (community install)", () => {
	it('is a community node package: n8n-nodes-* name, the community keyword, API version 1', () => {
		expect(manifest.name).toMatch(/^n8n-nodes-[a-z0-9-]+$/);
		expect(manifest.keywords).toContain('n8n-community-node-package');
		expect(manifest.n8n.n8nNodesApiVersion).toBe(1);
	});

	it('has no runtime dependencies; n8n-workflow is the only peer, at any version', () => {
		expect(manifest.dependencies ?? {}).toEqual({});
		expect(manifest.bundleDependencies ?? []).toEqual([]);
		expect(manifest.peerDependencies).toEqual({ 'n8n-workflow': '*' });
		expect(manifest.overrides).toBeUndefined();
	});

	it('ships what n8n loads and nothing that points elsewhere: no source maps, no `main` naming a missing file', () => {
		expect(packed.files.filter((f) => f.endsWith('.map'))).toEqual([]);
		const mapped = shippedJs().filter((f) => /sourceMappingURL=/.test(readFileSync(path.join(packed.root, f), 'utf8')));
		expect(mapped).toEqual([]);
		const main = (manifest as Manifest & { main?: string }).main;
		if (main !== undefined) expect(packed.files).toContain(main);
	});

	it('refuses a plain `npm publish`: n8n-node prerelease runs first, and only a release sets RELEASE_MODE', () => {
		expect(manifest.scripts?.prepublishOnly).toBe('n8n-node prerelease');
		const workflow = readFileSync(path.join(REPO_ROOT, '.github', 'workflows', 'publish.yml'), 'utf8');
		expect(workflow).toMatch(/npm publish --provenance[^\n]*\n\s+env:\n\s+RELEASE_MODE: 'true'/);
	});

	it('the n8n section lists only files in the tarball, and every node and credential file in it', () => {
		const listed = [...manifest.n8n.nodes, ...manifest.n8n.credentials];
		expect(listed.filter((f) => !packed.files.includes(f))).toEqual([]);
		const shipped = packed.files.filter((f) => /\.(node|credentials)\.js$/.test(f));
		expect(shipped.filter((f) => !listed.includes(f))).toEqual([]);
		// n8n's verification: one regular node per package, and a trigger node for the same service.
		expect(manifest.n8n.nodes).toEqual([
			'dist/nodes/SkySlope/SkySlope.node.js',
			'dist/nodes/SkySlope/SkySlopeTrigger.node.js',
			'dist/nodes/SkySlope/SkySlopeSigningTrigger.node.js',
		]);
		const groups = manifest.n8n.nodes.map((f) => descriptionOf(load<INodeType>(f, '.node.js')).group);
		expect(groups).toEqual([['transform'], ['trigger'], ['trigger']]);
		expect(manifest.n8n.credentials.length).toBe(3);
	});

	/** What n8n's loader does: require the file and take the class named after it. */
	function load<T>(file: string, suffix: string): T {
		const className = path.basename(file, suffix);
		const loadFromPackage = createRequire(path.join(packed.root, 'package.json'));
		const exported = (loadFromPackage(`./${file}`) as Record<string, new () => T>)[className];
		if (typeof exported !== 'function') throw new Error(`${file} exports no class ${className}`);
		return new exported();
	}

	const descriptionOf = (node: INodeType | IVersionedNodeType): INodeTypeDescription =>
		'nodeVersions' in node ? node.nodeVersions[node.currentVersion].description : node.description;

	/** The icon files a description names, resolved the way n8n does: relative to the loaded file. */
	function iconFiles(icon: unknown, file: string): string[] {
		const values = typeof icon === 'string' ? [icon] : icon && typeof icon === 'object' ? Object.values(icon as Record<string, string>) : [];
		return values.map((v) => (v.startsWith('file:') ? path.posix.join(path.posix.dirname(file), v.slice('file:'.length)) : `not a file icon: ${v}`));
	}

	it('every credential loads, names itself, and its icons and documentation link are there', () => {
		const names = manifest.n8n.credentials.map((file) => {
			const credential = load<ICredentialType>(file, '.credentials.js');
			expect(credential.displayName).toBeTruthy();
			const icons = iconFiles(credential.icon, file);
			expect(icons.length).toBeGreaterThan(0);
			expect(icons.filter((icon) => !packed.files.includes(icon))).toEqual([]);
			expect(credential.documentationUrl).toMatch(/^https:\/\//);
			return credential.name;
		});
		expect(new Set(names).size).toBe(names.length);
	});

	it('every node loads, with its icons, its codex file and only credentials the package ships', () => {
		const credentialNames = manifest.n8n.credentials.map((file) => load<ICredentialType>(file, '.credentials.js').name);
		for (const file of manifest.n8n.nodes) {
			const description = descriptionOf(load<INodeType | IVersionedNodeType>(file, '.node.js'));
			expect(description.properties.length).toBeGreaterThan(0);
			const icons = iconFiles(description.icon, file);
			expect(icons.length).toBeGreaterThan(0);
			expect(icons.filter((icon) => !packed.files.includes(icon))).toEqual([]);
			for (const credential of description.credentials ?? []) expect(credentialNames).toContain(credential.name);
			// n8n reads the codex from `<file>on`: X.node.js -> X.node.json.
			const codexFile = `${file}on`;
			expect(packed.files).toContain(codexFile);
			const codex = JSON.parse(read(codexFile)) as {
				node: string;
				nodeVersion: string;
				categories: string[];
				resources?: Record<string, Array<{ url: string }>>;
			};
			expect(codex.node).toBe(`${manifest.name}.${description.name}`);
			// The codex speaks of the version a new node gets: its default.
			const versions = [description.version].flat();
			const defaultVersion = description.defaultVersion ?? Math.max(...versions);
			expect(`${codex.node} nodeVersion ${codex.nodeVersion}`).toBe(`${codex.node} nodeVersion ${defaultVersion.toFixed(1)}`);
			expect(codex.categories.length).toBeGreaterThan(0);
			for (const link of Object.values(codex.resources ?? {}).flat()) expect(link.url).toMatch(/^https:\/\//);
		}
	});
});

describe('what the tarball holds', () => {
	it('only the built package, the README, the licence and package.json: no sources, tests, sandbox or build state', () => {
		const unexpected = packed.files.filter(
			(f) => !['README.md', 'LICENSE', 'package.json'].includes(f) && !/^dist\/(nodes|credentials)\/.+\.(js|js\.map|json|svg|png)$/.test(f),
		);
		// The compiler also copies package.json into dist (tsconfig includes it for typed imports).
		expect(unexpected.filter((f) => f !== 'dist/package.json')).toEqual([]);
		expect(packed.files.filter((f) => /\.ts$|tsbuildinfo|\.test\.|\/test\/|sandbox/.test(f))).toEqual([]);
	});

	it('the metadata a registry page and the Creator Portal show: licence, author organisation, homepage, keywords', () => {
		expect(manifest.license).toBe('MIT');
		expect(existsSync(path.join(packed.root, 'LICENSE'))).toBe(true);
		const author = typeof manifest.author === 'string' ? { name: manifest.author } : manifest.author;
		expect(author?.name).toBeTruthy();
		expect(author?.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
		for (const keyword of ['n8n-community-node-package', 'n8n', 'skyslope', 'real-estate']) expect(manifest.keywords).toContain(keyword);
	});

	it("every relative link in the README resolves in the repository (the registry page links them there)", () => {
		const readme = read('README.md');
		const links = [...readme.matchAll(/\]\(([^)\s#]+)(#[^)]*)?\)/g)].map((m) => m[1]).filter((l) => !/^[a-z]+:/i.test(l));
		expect(links.length).toBeGreaterThan(0);
		expect(links.filter((l) => !existsSync(path.join(REPO_ROOT, l)))).toEqual([]);
	});
});
