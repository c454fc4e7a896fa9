/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// What ships is what the nodes run: no function of nodes/ or credentials/ is exported for tests
// alone. A test reaches the code through what the node does, and resets a module's memory with
// jest (test/process.ts), not through an export of the shipped code. Constants may be read by
// tests: one number in one place.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import * as ts from 'typescript';

const ROOT = path.join(__dirname, '..', '..');
const files = (dir: string): string[] =>
	readdirSync(dir).flatMap((name) => {
		const full = path.join(dir, name);
		return statSync(full).isDirectory() ? files(full) : name.endsWith('.ts') ? [full] : [];
	});
const shipped = [...files(path.join(ROOT, 'nodes')), ...files(path.join(ROOT, 'credentials'))];

/** A file's code without its comments: a comment that names a function is no caller. */
function code(source: string): string {
	const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, source);
	let out = '';
	for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
		if (kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia) continue;
		out += scanner.getTokenText();
	}
	return out;
}
const sources = new Map(shipped.map((file) => [file, readFileSync(file, 'utf8')]));
const codeOf = new Map(shipped.map((file) => [file, code(sources.get(file) as string)]));

/** The functions and classes a file exports by name: `export function f`, `export class C`, `export const f = (…) =>`. */
function exportedFunctions(source: string): string[] {
	const names = [
		...source.matchAll(/^export (?:async )?function\*? ?(\w+)/gm),
		...source.matchAll(/^export (?:abstract )?class (\w+)/gm),
		...source.matchAll(/^export const (\w+)\s*(?::[^=]+)?=\s*(?:async\s*)?(?:\([^)]*\)|\w+)\s*(?::\s*[^=]+)?=>/gm),
	].map((m) => m[1]);
	return [...new Set(names)];
}

/** Where each exported function is called or imported in shipped code, outside its own file. */
function callers(): Array<{ file: string; name: string; callers: string[] }> {
	return shipped.flatMap((file) => {
		const own = sources.get(file) as string;
		return exportedFunctions(own).map((name) => {
			const word = new RegExp(`\\b${name}\\b`);
			// A node class is loaded by n8n from package.json's list, and a credential class likewise.
			const byN8n = /\.(node|credentials)\.ts$/.test(file) && new RegExp(`^export class ${name}\\b`, 'm').test(own);
			const others = shipped.filter((other) => other !== file && word.test((codeOf.get(other) as string).replace(/^export \* from .*$/gm, '')));
			return { file: path.relative(ROOT, file), name, callers: byN8n ? ['n8n (package.json)'] : others.map((o) => path.relative(ROOT, o)) };
		});
	});
}

it('every exported function of nodes/ and credentials/ has a caller in nodes/ or credentials/', () => {
	const unused = callers()
		.filter((e) => e.callers.length === 0)
		.map((e) => `${e.file}: ${e.name}`);
	expect(unused).toEqual([]);
});

it('a comment that names a function is no caller', () => {
	expect(code('// dayWindows\n/* dayWindows */ const x = "dayWindows";')).not.toMatch(/\/\/|\/\*/);
	expect(code('// dayWindows\nconst x = 1;')).not.toContain('dayWindows');
	expect(code('const x = "dayWindows";')).toContain('dayWindows');
});

it('the list of exports sees functions, classes and arrow functions, and their callers', () => {
	const found = callers();
	const names = new Set(found.map((e) => e.name));
	for (const name of ['exclusivePoll', 'claimKeys', 'readExport', 'pollStatusChanged', 'SkySlopeTrigger', 'sameStatus']) {
		expect({ name, listed: names.has(name) }).toEqual({ name, listed: true });
	}
	expect(found.find((e) => e.name === 'exclusivePoll')?.callers.sort()).toEqual([
		'nodes/SkySlope/listingsSales/trigger.ts',
		'nodes/SkySlope/offers/trigger.ts',
	]);
});
