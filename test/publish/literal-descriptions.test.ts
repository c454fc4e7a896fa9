/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// What n8n's reviewers read and no lint of the sources sees: every node and credential loaded from
// the built package (dist/, as packed), its runtime description written out as a literal source file
// (test/publish/literal.ts) and linted with the rule sets `n8n-node lint` and n8n's scanner use: the
// `community`, `nodes` and `credentials` configs of eslint-plugin-n8n-nodes-base and
// @n8n/eslint-plugin-community-nodes (test/publish/scanner-lint.mjs). Any finding fails, but for the
// few below, each accepted with the reason the rule misreads good copy.
import { createRequire } from 'node:module';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { ICredentialType, INodeType, INodeTypeDescription, IVersionedNodeType } from 'n8n-workflow';

import { REPO_ROOT } from '../../scripts/lib/processes';
import { run } from '../../scripts/lib/setup';
import { credentialSource, nodeSource } from './literal';
import { buildAndUnpack, type Packed } from './pack';

interface Finding {
	file: string;
	line: number;
	rule: string | null;
	message: string;
}

/** Findings a rule makes of good copy, each with why. Matched on file, rule and message. */
const ACCEPTED: Array<{ file: RegExp; rule: string; message: RegExp; why: string }> = [
	{
		file: /SkySlope\.node\.ts$/,
		rule: 'n8n-nodes-base/node-param-operation-option-action-miscased',
		message: /sentence case/,
		why: 'The actions "Set co-agents of listing" and "Set co-agents of sale" are sentence case: the rule reads "co-agents" as "co agents" (it splits on the hyphen) and asks for that spelling. Co-agents is SkySlope\'s term (coAgents) and English\'s.',
	},
];

/** The icon files a description names (`file:` paths), copied next to its literal, as they ship next to the built file. */
function copyIcons(icon: unknown, from: string, to: string): void {
	const values = typeof icon === 'string' ? [icon] : icon && typeof icon === 'object' ? Object.values(icon as Record<string, string>) : [];
	for (const v of values) if (v.startsWith('file:')) copyFileSync(path.join(from, v.slice('file:'.length)), path.join(to, v.slice('file:'.length)));
}

let packed: Packed;
let out: string;
let findings: Finding[] = [];
let linted = 0;
let lines: Record<string, string[]> = {};

beforeAll(async () => {
	packed = await buildAndUnpack();
	// What n8n gives a community package: its own n8n-workflow.
	mkdirSync(path.join(packed.root, 'node_modules'));
	symlinkSync(path.join(REPO_ROOT, 'node_modules', 'n8n-workflow'), path.join(packed.root, 'node_modules', 'n8n-workflow'), 'dir');
	out = mkdtempSync(path.join(tmpdir(), 'skyslope-literal-'));
	const manifest = JSON.parse(readFileSync(path.join(packed.root, 'package.json'), 'utf8')) as { n8n: { nodes: string[]; credentials: string[] } };
	const load = createRequire(path.join(packed.root, 'package.json'));
	for (const file of manifest.n8n.nodes) {
		const className = path.basename(file, '.node.js');
		const node = new (load(`./${file}`) as Record<string, new () => INodeType | IVersionedNodeType>)[className]();
		const descriptions: INodeTypeDescription[] =
			'nodeVersions' in node ? Object.values(node.nodeVersions).map((v) => v.description) : [node.description];
		descriptions.forEach((description, n) => {
			const name = descriptions.length > 1 ? `${className}V${n + 1}` : className;
			const target = path.join(out, 'nodes', name, `${name}.node.ts`);
			mkdirSync(path.dirname(target), { recursive: true });
			writeFileSync(target, nodeSource(name, description as unknown as Record<string, unknown>, node as unknown as Record<string, unknown>));
			copyIcons(description.icon, path.dirname(path.join(packed.root, file)), path.dirname(target));
		});
	}
	for (const file of manifest.n8n.credentials) {
		const className = path.basename(file, '.credentials.js');
		const credential = new (load(`./${file}`) as Record<string, new () => ICredentialType>)[className]();
		const target = path.join(out, 'credentials', `${className}.credentials.ts`);
		mkdirSync(path.dirname(target), { recursive: true });
		writeFileSync(target, credentialSource(className, credential as unknown as Record<string, unknown>));
		copyIcons(credential.icon, path.dirname(path.join(packed.root, file)), path.dirname(target));
	}
	// The package's manifest beside them: the rules read its `n8n` section (which credentials are the package's own).
	copyFileSync(path.join(packed.root, 'package.json'), path.join(out, 'package.json'));
	const result = await run(process.execPath, [path.join(__dirname, 'scanner-lint.mjs'), out, 'nodes/**/*.ts', 'credentials/**/*.ts'], { cwd: REPO_ROOT });
	const parsed = JSON.parse(result.slice(result.indexOf('{"files"'))) as { files: number; findings: Finding[] };
	findings = parsed.findings;
	linted = parsed.files;
	lines = {};
	for (const f of new Set(findings.map((x) => x.file))) lines[f] = readFileSync(path.join(out, f), 'utf8').split('\n');
}, 600_000);

afterAll(() => {
	packed?.cleanup();
	if (out && process.env.LITERAL_KEEP !== '1') rmSync(out, { recursive: true, force: true });
});

describe('the runtime descriptions, linted as literal source', () => {
	it('every node (each version) and credential was written out and linted', () => {
		// Three nodes (one version each) and three credentials.
		expect(linted).toBe(6);
	});

	it('the accepted findings still occur (else they are stale and go)', () => {
		for (const a of ACCEPTED) expect({ accepted: a.why, found: findings.some((f) => a.file.test(f.file) && a.rule === f.rule && a.message.test(f.message)) }).toEqual({ accepted: a.why, found: true });
	});

	it('have no finding of the rule sets `n8n-node lint` and n8n\'s scanner use', () => {
		const shown = findings
			.filter((f) => !ACCEPTED.some((a) => a.file.test(f.file) && a.rule === f.rule && a.message.test(f.message)))
			.map((f) => `${f.file}:${f.line} ${f.rule ?? ''} ${f.message} | ${(lines[f.file]?.[f.line - 1] ?? '').trim()}`);
		expect(shown).toEqual([]);
	});
});
