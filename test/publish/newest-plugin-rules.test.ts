/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// The rules of n8n's newest community-node lint plugin (@n8n/eslint-plugin-community-nodes, its
// docs/rules in n8n's repository) that the 0.32.0 installable here lacks, other than the five in
// newest-description-rules.test.ts and single-credential-per-node. Each is written again from its
// documentation, shown to fire on the documentation's incorrect example and to pass its correct one,
// then applied to the package: to what the rule reads (package.json, the credential and node files,
// the codex files, the icons) and, where the package builds what the rule reads in the source (the
// node's properties, its execute()), to what n8n loads, so that no rule passes without looking.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import ts from 'typescript';

import { SkySlope } from '../../nodes/SkySlope/SkySlope.node';
import { SkySlopeSigningTrigger } from '../../nodes/SkySlope/SkySlopeSigningTrigger.node';
import { SkySlopeTrigger } from '../../nodes/SkySlope/SkySlopeTrigger.node';

const ROOT = path.join(__dirname, '..', '..');
const NODE_DIR = path.join(ROOT, 'nodes', 'SkySlope');
const CREDENTIAL_DIR = path.join(ROOT, 'credentials');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
const filesOf = (dir: string, ending: string) => readdirSync(dir).filter((f) => f.endsWith(ending)).map((f) => path.join(dir, f));
const NODE_FILES = filesOf(NODE_DIR, '.node.ts');
const CODEX_FILES = filesOf(NODE_DIR, '.node.json');
const CREDENTIAL_FILES = filesOf(CREDENTIAL_DIR, '.credentials.ts');
const DESCRIPTIONS: Array<[string, INodeTypeDescription]> = [
	['SkySlope', new SkySlope().description],
	['SkySlope Trigger', new SkySlopeTrigger().description],
	['SkySlope Signing Trigger', new SkySlopeSigningTrigger().description],
];

// ---- reading source the way a lint rule does: TypeScript's parser, no build, no running code ----

const parse = (fileName: string, text: string) => ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
const sourceOf = (file: string) => parse(file, readFileSync(file, 'utf8'));

function each(node: ts.Node, visit: (n: ts.Node) => void): void {
	visit(node);
	ts.forEachChild(node, (child) => each(child, visit));
}

/** Classes that implement the given interface (INodeType, ICredentialType). */
function classesImplementing(source: ts.SourceFile, iface: string): ts.ClassDeclaration[] {
	const found: ts.ClassDeclaration[] = [];
	each(source, (n) => {
		if (ts.isClassDeclaration(n) && n.heritageClauses?.some((h) => h.types.some((t) => t.expression.getText() === iface))) found.push(n);
	});
	return found;
}

/** A class member's initializer: `name = 'x'` or `description = {...}`. */
function member(cls: ts.ClassDeclaration, name: string): ts.Expression | undefined {
	for (const m of cls.members) if (ts.isPropertyDeclaration(m) && m.name.getText() === name) return m.initializer;
	return undefined;
}

const literal = (e: ts.Expression | undefined) => (e && (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) ? e.text : undefined);

// ---- package.json ----

const noMonorepo = (json: Record<string, unknown>) =>
	typeof json.repository === 'object' && json.repository !== null && 'directory' in json.repository ? ['repository.directory is set'] : [];
const requireCommunityNodeKeyword = (json: Record<string, unknown>) =>
	Array.isArray(json.keywords) && json.keywords.includes('n8n-community-node-package') ? [] : ['keywords lack "n8n-community-node-package"'];
const requireMitLicense = (json: Record<string, unknown>) => (json.license === 'MIT' ? [] : [`license is ${JSON.stringify(json.license)}`]);

describe('package.json rules', () => {
	it('no-monorepo: a repository.directory is reported', () => {
		expect(noMonorepo({ repository: { type: 'git', url: 'u', directory: 'packages/n8n-nodes-example' } })).toHaveLength(1);
		expect(noMonorepo({ repository: { type: 'git', url: 'u' } })).toEqual([]);
		expect(noMonorepo(pkg)).toEqual([]);
	});
	it('require-community-node-keyword', () => {
		expect(requireCommunityNodeKeyword({ name: 'n8n-nodes-my-service', keywords: ['n8n', 'automation'] })).toHaveLength(1);
		expect(requireCommunityNodeKeyword({ name: 'n8n-nodes-my-service', version: '1.0.0' })).toHaveLength(1);
		expect(requireCommunityNodeKeyword({ keywords: ['n8n', 'n8n-community-node-package'] })).toEqual([]);
		expect(requireCommunityNodeKeyword(pkg)).toEqual([]);
	});
	it('require-mit-license', () => {
		expect(requireMitLicense({ license: 'Apache-2.0' })).toHaveLength(1);
		expect(requireMitLicense({ version: '1.0.0' })).toHaveLength(1);
		expect(requireMitLicense({ license: 'MIT' })).toEqual([]);
		expect(requireMitLicense(pkg)).toEqual([]);
	});
});

// ---- credential files ----

/** cred-class-name-suffix, cred-class-name-field-conventions, cred-filename-against-convention. */
function credentialFileFindings(fileName: string, text: string): string[] {
	const findings: string[] = [];
	for (const cls of classesImplementing(parse(fileName, text), 'ICredentialType')) {
		const className = cls.name?.text ?? '';
		if (!className.endsWith('Api')) findings.push(`cred-class-name-suffix: class ${className}`);
		const name = literal(member(cls, 'name'));
		if (!name || !/^[a-z]/.test(name) || !name.endsWith('Api')) findings.push(`cred-class-name-field-conventions: name "${name}"`);
		const base = path.basename(fileName).replace(/\.credentials\.ts$/, '');
		if (base !== className) findings.push(`cred-filename-against-convention: ${path.basename(fileName)} holds ${className}`);
	}
	return findings;
}

describe('credential file rules', () => {
	const cred = (cls: string, name: string) => `export class ${cls} implements ICredentialType { name = '${name}'; displayName = 'X'; properties: INodeProperties[] = []; }`;
	it('fire on the documentation\'s incorrect examples and pass its correct ones', () => {
		expect(credentialFileFindings('GithubApi.credentials.ts', cred('GithubApi', 'Github'))).toEqual(['cred-class-name-field-conventions: name "Github"']);
		expect(credentialFileFindings('MyService.credentials.ts', cred('MyService', 'myServiceApi'))).toEqual(['cred-class-name-suffix: class MyService']);
		expect(credentialFileFindings('GithubApi.credentials.ts', cred('GitlabApi', 'gitlabApi'))).toEqual([
			'cred-filename-against-convention: GithubApi.credentials.ts holds GitlabApi',
		]);
		expect(credentialFileFindings('GithubApi.credentials.ts', cred('GithubApi', 'githubApi'))).toEqual([]);
	});
	it.each(CREDENTIAL_FILES.map((f) => [path.basename(f), f]))('%s passes', (_name, file) => {
		expect(classesImplementing(sourceOf(file), 'ICredentialType')).toHaveLength(1);
		expect(credentialFileFindings(file, readFileSync(file, 'utf8'))).toEqual([]);
	});
});

// ---- node files and the descriptions n8n loads ----

/** node-class-description-name-camelcase, node-filename-against-convention, node-class-description-non-core-color. */
function nodeNameFindings(fileName: string, description: Pick<INodeTypeDescription, 'name'> & { color?: string; defaults?: { color?: string } }): string[] {
	const findings: string[] = [];
	const name = description.name;
	if (!/^[a-z][a-zA-Z0-9]*$/.test(name)) findings.push(`node-class-description-name-camelcase: "${name}"`);
	const expected = name.charAt(0).toUpperCase() + name.slice(1);
	const base = path.basename(fileName).replace(/\.node\.ts$/, '');
	if (base !== expected && !new RegExp(`^${expected}V\\d+$`).test(base)) findings.push(`node-filename-against-convention: ${base} for "${name}"`);
	for (const color of [description.color, description.defaults?.color]) {
		if (typeof color === 'string' && color.toLowerCase() === '#ff6d5a') findings.push('node-class-description-non-core-color');
	}
	return findings;
}

/** The node description as the file declares it, for names the rule reads there (literals only). */
function declaredName(file: string): string | undefined {
	let name: string | undefined;
	each(sourceOf(file), (n) => {
		if (ts.isPropertyAssignment(n) && n.name.getText() === 'name' && literal(n.initializer) && !name) {
			// the first `name:` in the node class's description object (the builders take it as written)
			let up: ts.Node | undefined = n.parent;
			while (up && !(ts.isPropertyDeclaration(up) && up.name.getText() === 'description')) up = up.parent;
			if (up) name = literal(n.initializer);
		}
	});
	return name;
}

describe('node naming rules', () => {
	it('fire on the documentation\'s incorrect examples and pass its correct ones', () => {
		expect(nodeNameFindings('MyNode.node.ts', { name: 'My Node' })).toEqual([
			'node-class-description-name-camelcase: "My Node"',
			'node-filename-against-convention: MyNode for "My Node"',
		]);
		expect(nodeNameFindings('Gitlab.node.ts', { name: 'github' })).toEqual(['node-filename-against-convention: Gitlab for "github"']);
		expect(nodeNameFindings('Github.node.ts', { name: 'github' })).toEqual([]);
		expect(nodeNameFindings('GithubV2.node.ts', { name: 'github' })).toEqual([]);
		expect(nodeNameFindings('MyNode.node.ts', { name: 'myNode', defaults: { color: '#FF6D5A' } })).toEqual(['node-class-description-non-core-color']);
		expect(nodeNameFindings('MyNode.node.ts', { name: 'myNode', defaults: { color: '#1A82E2' } })).toEqual([]);
	});
	it.each(NODE_FILES.map((f) => [path.basename(f), f]))('%s passes, as written and as loaded', (_name, file) => {
		const loaded = DESCRIPTIONS.find(([, d]) => `${d.name.charAt(0).toUpperCase()}${d.name.slice(1)}.node.ts` === path.basename(file));
		expect(loaded).toBeDefined();
		expect(declaredName(file)).toBe(loaded![1].name);
		expect(nodeNameFindings(file, loaded![1] as never)).toEqual([]);
	});
});

// no-hardcoded-ids: string literals assigned to partner, affiliate, reseller, account, tenant,
// customer or client IDs in node files. The package's requests are built in its modules, so every
// TypeScript file under nodes/ is read.
const ID_NAME = /^(partner|affiliate|reseller|account|tenant|customer|client)_?id$/i;
function hardcodedIds(fileName: string, text: string): string[] {
	const findings: string[] = [];
	each(parse(fileName, text), (n) => {
		const assigned =
			(ts.isPropertyAssignment(n) && literal(n.initializer) !== undefined && ID_NAME.test(n.name.getText().replace(/['"]/g, ''))) ||
			(ts.isVariableDeclaration(n) && n.initializer && literal(n.initializer) !== undefined && ID_NAME.test(n.name.getText()));
		if (assigned) findings.push(`${path.basename(fileName)}: ${n.getText()}`);
	});
	return findings;
}
const tsFilesUnder = (dir: string): string[] =>
	readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? tsFilesUnder(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));

it('no-hardcoded-ids: fires on the documentation\'s example; no file under nodes/ fixes an account identifier', () => {
	expect(hardcodedIds('x.node.ts', "const options = { qs: { partner_id: 'fixed-partner' } };")).toHaveLength(1);
	expect(hardcodedIds('x.node.ts', "const options = { qs: { partner_id: this.getNodeParameter('partnerId', itemIndex) } };")).toEqual([]);
	const files = tsFilesUnder(path.join(ROOT, 'nodes'));
	expect(files.length).toBeGreaterThan(50);
	expect(files.flatMap((f) => hardcodedIds(f, readFileSync(f, 'utf8')))).toEqual([]);
});

// require-continue-on-fail and node-operation-error-itemindex read a node class's execute() method.
// The SkySlope node's execute is `executeOperations(resources)`, which runs `runOperations`
// (shared/node.ts, shared/operation.ts): written as a class property, neither rule would look at it, so the rules
// are applied to runOperations, the function n8n runs.
function functionNamed(file: string, name: string): ts.FunctionLikeDeclaration {
	let found: ts.FunctionLikeDeclaration | undefined;
	each(sourceOf(file), (n) => {
		if ((ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n)) && n.name?.getText() === name) found = n;
	});
	if (!found) throw new Error(`${name} not found in ${file}`);
	return found;
}
const callsThis = (body: ts.Node, method: string) => {
	let calls = false;
	each(body, (n) => {
		if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && n.expression.expression.kind === ts.SyntaxKind.ThisKeyword && n.expression.name.text === method) calls = true;
	});
	return calls;
};
function missingContinueOnFail(fn: ts.FunctionLikeDeclaration): string[] {
	return fn.body && !callsThis(fn.body, 'continueOnFail') ? ['execute() never checks this.continueOnFail()'] : [];
}
/** `new NodeOperationError|NodeApiError(...)` without an options object holding itemIndex, inside a loop over the input items. */
function errorsWithoutItemIndex(fn: ts.FunctionLikeDeclaration): string[] {
	const items = new Set<string>();
	each(fn, (n) => {
		if (ts.isVariableDeclaration(n) && n.initializer && ts.isCallExpression(n.initializer) && n.initializer.expression.getText() === 'this.getInputData') items.add(n.name.getText());
	});
	const overItems = (n: ts.Node) =>
		(ts.isForStatement(n) && !!n.condition && [...items].some((v) => n.condition!.getText().includes(`${v}.length`))) ||
		(ts.isForOfStatement(n) && (items.has(n.expression.getText()) || n.expression.getText() === 'this.getInputData()'));
	const findings: string[] = [];
	each(fn, (n) => {
		if (!ts.isNewExpression(n) || !['NodeOperationError', 'NodeApiError'].includes(n.expression.getText())) return;
		let up: ts.Node | undefined = n.parent;
		while (up && up !== fn && !overItems(up)) up = up.parent;
		if (!up || up === fn) return;
		const options = n.arguments?.[2];
		const ok = options && (!ts.isObjectLiteralExpression(options) || options.properties.some((p) => ts.isSpreadAssignment(p) || p.name?.getText() === 'itemIndex'));
		if (!ok) findings.push(n.getText());
	});
	return findings;
}

describe('execute() rules', () => {
	const node = (body: string) => {
		const source = parse('x.node.ts', `class X { async execute(this: IExecuteFunctions) { ${body} } }`);
		let fn: ts.FunctionLikeDeclaration | undefined;
		each(source, (n) => {
			if (ts.isMethodDeclaration(n)) fn = n;
		});
		return fn!;
	};
	it('fire on the documentation\'s incorrect examples and pass its correct ones', () => {
		const loop = (inner: string) => `const items = this.getInputData(); for (let i = 0; i < items.length; i++) { ${inner} }`;
		expect(missingContinueOnFail(node(loop('const result = await someApiCall(items[i]);')))).toHaveLength(1);
		expect(missingContinueOnFail(node(loop('try { await call(); } catch (error) { if (this.continueOnFail()) { continue; } throw error; }')))).toEqual([]);
		expect(errorsWithoutItemIndex(node(loop('try { } catch (error) { throw new NodeOperationError(this.getNode(), error); }')))).toHaveLength(1);
		expect(errorsWithoutItemIndex(node(loop('try { } catch (error) { throw new NodeOperationError(this.getNode(), error, { itemIndex: i }); }')))).toEqual([]);
		const forOf = 'const items = this.getInputData(); let itemIndex = 0; for (const item of items) { try { } catch (error) { throw new NodeApiError(this.getNode(), error, { itemIndex }); } itemIndex++; }';
		expect(errorsWithoutItemIndex(node(forOf))).toEqual([]);
		expect(errorsWithoutItemIndex(node(forOf.replace(', { itemIndex }', '')))).toHaveLength(1);
	});
	it('the SkySlope node\'s execute is runOperations, and it passes both', () => {
		const nodeFile = readFileSync(path.join(NODE_DIR, 'SkySlope.node.ts'), 'utf8');
		expect(nodeFile).toMatch(/execute = executeOperations\(resources\);/);
		expect(readFileSync(path.join(NODE_DIR, 'shared', 'node.ts'), 'utf8')).toMatch(/export function executeOperations[^{]*\{[^}]*runOperations\.call\(this, resources\)/);
		const shared = path.join(NODE_DIR, 'shared', 'operation.ts');
		const run = functionNamed(shared, 'runOperations');
		expect(missingContinueOnFail(run)).toEqual([]);
		// Its item loop is a pool (items run concurrently), not a for over the items: every error an
		// item raises goes through asNodeError(node, error, i), which passes { itemIndex }.
		expect(run.getText()).toMatch(/asNodeError\(this\.getNode\(\), error(, i)?\)/);
		expect(errorsWithoutItemIndex(functionNamed(shared, 'asNodeError'))).toEqual([]);
		expect(functionNamed(shared, 'asNodeError').getText()).toMatch(/new NodeOperationError\(node, error as Error, \{ itemIndex \}\)/);
	});
});

// prefer-declarative-style (warns): a programmatic execute() whose loop over the input items sends
// one HTTP request per item, with no paging, binary data, several requests, or static data.
const HTTP = /\bthis\.helpers\.(httpRequest|request)\w*(\.call)?\(/g;
function oneRequestPerItem(fn: ts.FunctionLikeDeclaration): boolean {
	const text = fn.getText();
	const loops = /for\s*\(/.test(text) && /getInputData\(\)/.test(text);
	const requests = text.match(HTTP)?.length ?? 0;
	const exempt = /\b(while|do)\b|getBinaryDataBuffer|prepareBinaryData|getWorkflowStaticData/.test(text);
	return loops && requests === 1 && !exempt;
}

it('prefer-declarative-style: fires on one request per item; the SkySlope node pages, moves files and keeps trigger state, which the rule exempts', () => {
	const node = (body: string) => {
		let fn: ts.FunctionLikeDeclaration | undefined;
		each(parse('x.node.ts', `class X { async execute(this: IExecuteFunctions) { ${body} } }`), (n) => {
			if (ts.isMethodDeclaration(n)) fn = n;
		});
		return fn!;
	};
	const perItem = 'const items = this.getInputData(); for (let i = 0; i < items.length; i++) { out.push(await this.helpers.httpRequestWithAuthentication.call(this, "x", { url: "u" })); }';
	expect(oneRequestPerItem(node(perItem))).toBe(true);
	expect(oneRequestPerItem(node(perItem.replace('out.push', 'do { page++; } while (more); out.push')))).toBe(false);
	// What the rule would weigh in this package, whose requests go out from the operations through
	// one transport: operations that page (Return All), binary in and out, and the triggers' static data.
	const all = tsFilesUnder(path.join(ROOT, 'nodes')).map((f) => readFileSync(f, 'utf8'));
	expect(all.filter((t) => t.includes('returnAll')).length).toBeGreaterThan(5);
	expect(all.some((t) => t.includes('prepareBinaryData')) && all.some((t) => t.includes('getBinaryDataBuffer'))).toBe(true);
	expect(all.some((t) => t.includes('getWorkflowStaticData'))).toBe(true);
});

// ---- codex: the .node.json files, and any inline codex ----

// The node category list of n8n's codex documentation (docs.n8n.io, "Node codex files").
const CATEGORIES = new Set(['Analytics', 'Communication', 'Data & Storage', 'Development', 'Finance & Accounting', 'Marketing & Content', 'Miscellaneous', 'Productivity', 'Sales', 'Utility', 'AI']);

/** no-ai-codex-category, no-codex-subcategories, no-logic-or-flow-nodes, valid-codex-categories, valid-node-categories (no AI Node SDK imported). */
function codexFindings(codex: Record<string, unknown>): string[] {
	const findings: string[] = [];
	const categories = codex.categories;
	if (categories !== undefined) {
		if (!Array.isArray(categories) || categories.length === 0) findings.push('valid-node-categories: categories must be a non-empty array');
		for (const c of Array.isArray(categories) ? categories : []) {
			if (c === 'AI') findings.push('no-ai-codex-category: "AI"');
			else if (typeof c !== 'string' || !CATEGORIES.has(c)) findings.push(`valid-node-categories: "${String(c)}"`);
			if (c === 'Logic' || c === 'Flow') findings.push(`no-logic-or-flow-nodes: "${c}"`);
		}
	}
	if (codex.subcategories !== undefined) {
		findings.push('no-codex-subcategories');
		if (typeof codex.subcategories !== 'object' || Array.isArray(codex.subcategories)) findings.push('valid-codex-categories: subcategories must be a map');
		else if (JSON.stringify(codex.subcategories).match(/"(Logic|Flow)"/)) findings.push('no-logic-or-flow-nodes: in subcategories');
	}
	return findings;
}

describe('codex rules', () => {
	it('fire on the documentation\'s incorrect examples and pass its correct ones', () => {
		expect(codexFindings({ categories: ['AI'] })).toEqual(['no-ai-codex-category: "AI"']);
		expect(codexFindings({ categories: ['Development'], subcategories: { AI: ['Agents & Tools', 'Tools'] } })).toEqual(['no-codex-subcategories']);
		expect(codexFindings({ categories: ['Core Nodes'], subcategories: ['Helpers'] })).toEqual([
			'valid-node-categories: "Core Nodes"',
			'no-codex-subcategories',
			'valid-codex-categories: subcategories must be a map',
		]);
		expect(codexFindings({ categories: ['Marketing', 'Bananas'] })).toEqual(['valid-node-categories: "Marketing"', 'valid-node-categories: "Bananas"']);
		expect(codexFindings({ categories: [] })).toEqual(['valid-node-categories: categories must be a non-empty array']);
		expect(codexFindings({ categories: ['Logic'] })).toContain('no-logic-or-flow-nodes: "Logic"');
		expect(codexFindings({ categories: ['Marketing & Content', 'Development'] })).toEqual([]);
	});
	it.each(CODEX_FILES.map((f) => [path.basename(f), f]))('%s passes', (_name, file) => {
		const codex = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
		expect(Array.isArray(codex.categories)).toBe(true);
		expect(codexFindings(codex)).toEqual([]);
	});
	it('every node has its codex file and none declares an inline codex or imports the AI Node SDK', () => {
		for (const file of NODE_FILES) {
			expect(CODEX_FILES).toContain(file.replace(/\.ts$/, '.json'));
			const text = readFileSync(file, 'utf8');
			expect([file, /\bcodex\s*:/.test(text), text.includes('@n8n/ai-node-sdk')]).toEqual([file, false, false]);
		}
		for (const [, d] of DESCRIPTIONS) expect((d as { codex?: unknown }).codex).toBeUndefined();
	});
});

// ---- icon-contrast (warns): the best contrast among an SVG's fill, stroke and stop-color against
// the theme's node background (white; #2b2b2b dark), by WCAG's formula, at least 1.5:1. No fill
// declaration, currentColor and var() without a fallback count as black. ----

function luminance(hex: string): number {
	const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
	const [r, g, b] = [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
	return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
	const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x);
	return (l1 + 0.05) / (l2 + 0.05);
};
const NAMED: Record<string, string> = { white: '#ffffff', black: '#000000', none: '' };
function paints(svg: string): string[] {
	const values = [...svg.matchAll(/(?:fill|stroke|stop-color)\s*[:=]\s*["']?\s*([^"';\s)>]+(?:\([^)]*\))?)/g)].map((m) => m[1].toLowerCase());
	const colors = values.flatMap((v) => {
		if (v.startsWith('#')) return [v];
		if (v === 'currentcolor') return ['#000000'];
		const fallback = /^var\([^,]+,\s*(#[0-9a-f]{3,6})\)$/.exec(v);
		if (v.startsWith('var(')) return [fallback ? fallback[1] : '#000000'];
		return NAMED[v] ? [NAMED[v]] : [];
	});
	return colors.length ? colors : ['#000000'];
}
const bestContrast = (svg: string, background: string) => Math.max(...paints(svg).map((c) => contrast(c, background)));

it('icon-contrast: a black icon fails on the dark background; every icon of the package has at least 1.5:1 on its theme', () => {
	const black = '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h10v10z"/></svg>';
	expect(bestContrast(black, '#2b2b2b')).toBeCloseTo(1.48, 1);
	expect(bestContrast(black, '#ffffff')).toBeGreaterThan(1.5);
	const icons = [...filesOf(NODE_DIR, '.svg'), ...filesOf(CREDENTIAL_DIR, '.svg')];
	expect(icons.length).toBe(8);
	for (const file of icons) {
		const background = file.endsWith('.dark.svg') ? '#2b2b2b' : '#ffffff';
		expect([path.basename(file), bestContrast(readFileSync(file, 'utf8'), background) >= 1.5]).toEqual([path.basename(file), true]);
	}
});

// ---- the description rules, applied to the descriptions n8n loads ----

// open-ended-node-fields (warns): an optional top-level JSON parameter.
const openEnded = (properties: INodeProperties[]) => properties.filter((p) => p.type === 'json' && p.required !== true).map((p) => p.name);

// non-required-fields-in-collection (warns): a top-level parameter not marked required, other than
// collections, fields that hold no input, and the resource, operation and authentication selectors.
const EXEMPT_TYPES = new Set(['collection', 'fixedCollection', 'notice', 'callout', 'hidden', 'curlImport']);
const nonRequiredAtTopLevel = (properties: INodeProperties[]) =>
	properties.filter((p) => !['resource', 'operation', 'authentication'].includes(p.name) && !EXEMPT_TYPES.has(p.type) && p.required !== true).map((p) => p.name);

describe('description rules (warnings)', () => {
	const field = (p: Partial<INodeProperties>) => ({ displayName: 'X', name: 'x', type: 'string', default: '', ...p }) as INodeProperties;
	it('fire on the documentation\'s incorrect examples and pass its correct ones', () => {
		expect(openEnded([field({ name: 'configuration', type: 'json', default: '{}' })])).toEqual(['configuration']);
		expect(openEnded([field({ name: 'additionalFields', type: 'collection', default: {} })])).toEqual([]);
		const email = field({ name: 'email', required: true });
		expect(nonRequiredAtTopLevel([email, field({ name: 'limit', type: 'number', default: 50 })])).toEqual(['limit']);
		expect(nonRequiredAtTopLevel([email, field({ name: 'additionalFields', type: 'collection', default: {} })])).toEqual([]);
	});
	it.each(DESCRIPTIONS)('%s: no optional JSON parameter at the top level', (_name, d) => {
		expect(openEnded(d.properties)).toEqual([]);
	});
	it('non-required-fields-in-collection: the top-level optional parameters the rule would warn of, each kept there on purpose', () => {
		// n8n's UX guidelines place Return All, Limit and Simplify at the top level, and a node's own
		// selectors (Service, Trigger On's scope) decide what else is shown; the rest are the inputs of
		// one operation each, shown only for it, with a default that runs. The list is held here so a
		// new one is a decision, not an accident (docs/VERIFICATION.md, "n8n's newest lint rules").
		const warned = Object.fromEntries(DESCRIPTIONS.map(([name, d]) => [name, [...new Set(nonRequiredAtTopLevel(d.properties))].sort()]));
		expect(warned['SkySlope Signing Trigger']).toEqual([]);
		expect(warned['SkySlope Trigger']).toEqual(['fileTypes', 'scope', 'statuses']);
		expect(warned.SkySlope).toEqual(
			[
				'agentGuid', 'brokerageId', 'brokerageName', 'contactsMode', 'documentName', 'endDate', 'fields', 'fieldsMode', 'fileId',
				'filters', 'formFor', 'formVersionIds', 'importMls', 'includeSummary', 'inputMode', 'libraryId', 'libraryIds', 'limit',
				'mlsNumber', 'officeGuid', 'onBehalfOf', 'output', 'page', 'pageSize', 'pdfSource', 'receivingOnly', 'returnAll',
				'service', 'shouldOverride', 'simplify', 'skipExisting', 'statuses', 'templateType', 'toolDescription', 'transactionType', 'types',
			].sort(),
		);
	});
});
