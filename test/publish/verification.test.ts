/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// docs/VERIFICATION.md, held to the package: every piece of evidence it names exists, and every rule
// it marks "(test)" is checked here on the package as it is. The rules that need the packed tarball
// or a real n8n are the other tests the dossier names.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import { NodeHelpers, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { services } from '../../nodes/SkySlope/actions';
import { SkySlope } from '../../nodes/SkySlope/SkySlope.node';
import { SkySlopeSigningTrigger } from '../../nodes/SkySlope/SkySlopeSigningTrigger.node';
import { SkySlopeTrigger } from '../../nodes/SkySlope/SkySlopeTrigger.node';

const ROOT = path.join(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const manifest = JSON.parse(read('package.json')) as {
	name: string;
	license: string;
	dependencies?: Record<string, string>;
	n8n: { nodes: string[]; credentials: string[] };
};
const dossier = read('docs/VERIFICATION.md');

/** A node's source for a `dist/...node.js` entry of package.json. */
const sourceOf = (entry: string) => entry.replace(/^dist\//, '').replace(/\.js$/, '.ts');
const CLASSES: Record<string, new () => INodeType> = { SkySlope, SkySlopeTrigger, SkySlopeSigningTrigger };
const descriptions = manifest.n8n.nodes.map((entry) => {
	const NodeClass = CLASSES[path.basename(entry, '.node.js')];
	if (!NodeClass) throw new Error(`package.json names ${entry}, which this test does not know`);
	return new NodeClass().description;
});
const credentialTypes = manifest.n8n.credentials.map((entry) => {
	const source = read(sourceOf(entry).replace('.credentials.ts', '.credentials.ts'));
	return /\bname = '(\w+)'/.exec(source)?.[1];
});
const isTrigger = (d: INodeTypeDescription) => d.group.includes('trigger');

describe('docs/VERIFICATION.md', () => {
	it('names evidence that exists: every path in its tables', () => {
		const rows = dossier.split('\n').filter((line) => /^\| (?!rule \||---)/.test(line));
		expect(rows.length).toBeGreaterThan(25);
		const paths = rows.flatMap((row) => [...row.matchAll(/`([\w./-]+\/[\w./-]*|[\w-]+\.(?:md|json|mjs|ts|yml))`/g)].map((m) => m[1]));
		expect(paths.length).toBeGreaterThan(40);
		expect(paths.filter((p) => !existsSync(path.join(ROOT, p)))).toEqual([]);
	});

	it('gives every rule its evidence', () => {
		const rows = dossier.split('\n').filter((line) => /^\| (?!rule \||---)/.test(line));
		expect(rows.filter((row) => row.split('|').filter((cell) => cell.trim()).length !== 2)).toEqual([]);
	});
});

describe('the rules a machine checks', () => {
	it('one regular node, and at most two triggers', () => {
		expect(descriptions.filter((d) => !isTrigger(d)).map((d) => d.name)).toEqual(['skySlope']);
		expect(descriptions.filter(isTrigger).length).toBeLessThanOrEqual(2);
		// The before-stop rule of thumb too: no regular node hides behind a file name.
		expect(manifest.n8n.nodes.filter((entry) => !/Trigger\.node\.js$/.test(entry))).toEqual(['dist/nodes/SkySlope/SkySlope.node.js']);
	});

	it('one service: every node and credential is SkySlope\'s, and the nodes use only the package\'s credentials', () => {
		for (const d of descriptions) expect(`${d.name} ${d.displayName}`).toMatch(/^skySlope\w* SkySlope\b/);
		expect(credentialTypes.every((t) => t && /^skySlope\w*Api$/.test(t))).toBe(true);
		const used = descriptions.flatMap((d) => (d.credentials ?? []).map((c) => c.name));
		expect(used.filter((c) => !credentialTypes.includes(c))).toEqual([]);
	});

	it('no runtime dependencies, and the MIT licence', () => {
		expect(manifest.dependencies ?? {}).toEqual({});
		expect(manifest.license).toBe('MIT');
		expect(read('LICENSE')).toMatch(/^MIT License\n/);
	});

	it('the action node is usable as an AI tool; the triggers are not tools', () => {
		expect(descriptions.map((d) => `${d.name}: ${String(d.usableAsTool === true)}`)).toEqual([
			'skySlope: true',
			'skySlopeTrigger: false',
			'skySlopeSigningTrigger: false',
		]);
	});

	it("one credential field at a time: each resource and each event shows its own service's credential and no other", () => {
		const action = new SkySlope().description;
		const shownFor = (d: INodeTypeDescription, parameters: Record<string, string>) =>
			d.credentials!.filter((c) => NodeHelpers.displayParameter(parameters, c, null, d)).map((c) => c.name);
		for (const { value, service, resources } of services) {
			for (const resource of resources) {
				expect(`${resource.value}: ${shownFor(action, { service: value, resource: resource.value }).join()}`).toBe(`${resource.value}: ${service.credentialType}`);
			}
		}
		const trigger = new SkySlopeTrigger().description;
		const events = (trigger.properties.find((p) => p.name === 'event')!.options as Array<{ value: string }>).map((o) => o.value);
		for (const event of events) expect(shownFor(trigger, { event })).toHaveLength(1);
		expect(shownFor(trigger, { event: 'newOffers' })).toEqual(['skySlopeOffersOAuth2Api']);
		expect(shownFor(trigger, { event: 'statusChanged' })).toEqual(['skySlopeApi']);
	});

	it('one naming style for resources: unique across the node, each with a description, none carrying its service\'s name (the Service list says it)', () => {
		const all = services.flatMap((s) => s.resources);
		expect(new Set(all.map((r) => r.value)).size).toBe(all.length);
		expect(new Set(all.map((r) => r.name)).size).toBe(all.length);
		expect(all.filter((r) => !r.description || r.description.length < 15).map((r) => r.name)).toEqual([]);
		expect(all.filter((r) => /\b(Forms|Offers|Listings)\b/.test(r.name)).map((r) => r.name)).toEqual([]);
		expect(services.map((s) => s.name)).toEqual(['Forms', 'Listings & Sales', 'Offers']);
	});

	it('English only, as far as a test can hold it: what the user reads is in plain ASCII letters (no other script, no accents)', () => {
		const texts: string[] = [];
		const walk = (value: unknown): void => {
			if (typeof value === 'string') texts.push(value);
			else if (Array.isArray(value)) value.forEach(walk);
			else if (value && typeof value === 'object') Object.values(value).forEach(walk);
		};
		descriptions.forEach(walk);
		expect(texts.length).toBeGreaterThan(1000);
		// Letters of any script but Latin, and Latin letters outside English's (accents): none.
		expect(texts.filter((t) => /[^\p{ASCII}\p{P}\p{S}\p{Z}]/u.test(t))).toEqual([]);
	});

	it("no environment, file-system or child-process access in nodes/ or credentials/, and no rule of the linter switched off there", () => {
		const files = (dir: string): string[] =>
			readdirSync(path.join(ROOT, dir)).flatMap((name) => {
				const rel = path.join(dir, name);
				return statSync(path.join(ROOT, rel)).isDirectory() ? files(rel) : rel.endsWith('.ts') ? [rel] : [];
			});
		const shipped = [...files('nodes'), ...files('credentials')];
		expect(shipped.length).toBeGreaterThan(150);
		const found = shipped.flatMap((file) => {
			const source = read(file);
			return [
				/\bprocess\s*\.\s*env\b/.test(source) ? `${file}: reads the environment` : '',
				/from '(node:)?(fs|fs\/promises|child_process|path)'/.test(source) ? `${file}: imports the file system or processes` : '',
				/eslint-disable/.test(source) ? `${file}: switches a lint rule off` : '',
			].filter(Boolean);
		});
		expect(found).toEqual([]);
	});

	it('no trace of the node names before the one node (the CHANGELOG\'s table maps them)', () => {
		// Spelled in pieces, so that this file is no trace itself.
		const old = [
			['skySlope', 'Forms', '(?!OAuth2Api)\\b'],
			['skySlope', 'ListingsSales', '\\b'],
			['skySlope', 'Offers', '(?!OAuth2Api)\\b'],
			['SkySlope', 'Forms', '(Trigger)?\\.node'],
			['SkySlope ', 'Forms Trigger'],
			['SkySlope ', 'Offers Trigger'],
			['SkySlope Listings & Sales', ' Trigger'],
		].map((parts) => new RegExp(parts.join('')));
		// The repository's files as .gitignore leaves them (what is built or installed is not ours).
		const IGNORED = new Set(['node_modules', 'dist', '.git', '.n8n-host', 'coverage']);
		const walk = (dir: string): string[] =>
			readdirSync(path.join(ROOT, dir)).flatMap((name) => {
				const rel = path.join(dir, name);
				if (IGNORED.has(name)) return [];
				return statSync(path.join(ROOT, rel)).isDirectory() ? walk(rel) : [rel];
			});
		const tracked = walk('').filter((f) => /\.(ts|js|mjs|json|md|sql|yml)$/.test(f) && f !== 'package-lock.json');
		expect(tracked.length).toBeGreaterThan(300);
		const traces = tracked.flatMap((file) =>
			read(file)
				.split('\n')
				.map((line, i) => ({ line, at: `${file}:${i + 1}` }))
				// The CHANGELOG's map of old to new, rows that name both.
				.filter(({ line }) => !(file === 'CHANGELOG.md' && /^ {2}\| .* \| .* \|$/.test(line)))
				.filter(({ line }) => old.some((re) => re.test(line)))
				.map(({ line, at }) => `${at}: ${line.trim().slice(0, 120)}`),
		);
		expect(traces).toEqual([]);
	});
});
