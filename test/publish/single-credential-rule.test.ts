/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// n8n's newest community-node rule `single-credential-per-node` (newer than the 0.32.0 plugin this
// project can install), written again from its documentation: in a node file, the `credentials`
// array literal of the class's description may list several credentials only when every two of them
// carry `displayOptions.show` conditions on one property with literal values that all differ, so
// that one is shown at a time, on a single-value property (not multiOptions). A credential whose
// conditions it cannot compare is reported.
// The rule reads the source, so the credentials are written out in the node files; this test reads
// them the way the rule does (TypeScript's parser, no build, no running code).
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import ts from 'typescript';

const NODES = path.join(__dirname, '..', '..', 'nodes', 'SkySlope');

/** The literal `credentials: [...]` of the node class's description in a node file, or undefined. */
function credentialsLiteral(file: string): ts.ArrayLiteralExpression | undefined {
	const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
	let found: ts.ArrayLiteralExpression | undefined;
	const visit = (node: ts.Node) => {
		if (
			ts.isPropertyAssignment(node) &&
			ts.isIdentifier(node.name) &&
			node.name.text === 'credentials' &&
			ts.isArrayLiteralExpression(node.initializer) &&
			node.parent.parent && ts.isPropertyDeclaration(node.parent.parent) &&
			node.parent.parent.name.getText() === 'description'
		) {
			found = node.initializer;
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

function property(object: ts.Expression | undefined, name: string): ts.Expression | undefined {
	if (!object || !ts.isObjectLiteralExpression(object)) return undefined;
	for (const p of object.properties) if (ts.isPropertyAssignment(p) && p.name.getText().replace(/['"]/g, '') === name) return p.initializer;
	return undefined;
}

/** The `show` conditions of one credential entry whose values are all literals, by property. */
function showConditions(entry: ts.Expression): Map<string, string[]> {
	const conditions = new Map<string, string[]>();
	const show = property(property(entry, 'displayOptions'), 'show');
	if (!show || !ts.isObjectLiteralExpression(show)) return conditions;
	for (const p of show.properties) {
		if (!ts.isPropertyAssignment(p) || !ts.isArrayLiteralExpression(p.initializer)) continue;
		const values = p.initializer.elements.map((e) => (ts.isStringLiteral(e) || ts.isNumericLiteral(e) ? e.text : null));
		if (values.length && values.every((v) => v !== null)) conditions.set(p.name.getText().replace(/['"]/g, ''), values as string[]);
	}
	return conditions;
}

/** The names of the multiOptions parameters written in the file: a condition on one is no choice of one. */
function multiOptionNames(file: string): Set<string> {
	const names = new Set<string>();
	const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
	const text = (e: ts.Expression | undefined) => (e && ts.isStringLiteral(e) ? e.text : undefined);
	const visit = (node: ts.Node) => {
		if (ts.isObjectLiteralExpression(node) && text(property(node, 'type')) === 'multiOptions') {
			const name = text(property(node, 'name'));
			if (name) names.add(name);
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return names;
}

/** What the rule reports of a node file: '' when it passes. */
function singleCredentialPerNode(file: string): string {
	const credentials = credentialsLiteral(file);
	if (!credentials) return 'no credentials array literal in the description';
	const multi = multiOptionNames(file);
	const entries = credentials.elements;
	for (let i = 0; i < entries.length - 1; i++) {
		for (let j = i + 1; j < entries.length; j++) {
			const left = showConditions(entries[i]);
			const right = showConditions(entries[j]);
			const exclusive = [...left].some(([name, values]) => !multi.has(name) && right.has(name) && values.every((v) => !right.get(name)!.includes(v)));
			if (!exclusive) return `credentials ${i} and ${j} can be shown together`;
		}
	}
	return '';
}

it('the rule, as documented, passes exclusive show conditions and reports the rest (its own examples)', () => {
	const check = (text: string) => {
		const file = path.join(tmpdir(), `rule-${Math.random().toString(36).slice(2)}.node.ts`);
		writeFileSync(file, `export class X { description = { credentials: ${text} }; }`);
		return singleCredentialPerNode(file);
	};
	expect(check("[{ name: 'serviceOAuth2Api', required: true }, { name: 'senderProfile', required: true }]")).not.toBe('');
	expect(
		check(
			"[{ name: 'serviceApi', required: true, displayOptions: { show: { authentication: ['apiKey'] } } }, { name: 'serviceOAuth2Api', required: true, displayOptions: { show: { authentication: ['oAuth2'] } } }]",
		),
	).toBe('');
	expect(check("[{ name: 'a', displayOptions: { hide: { event: ['x'] } } }, { name: 'b', displayOptions: { hide: { event: ['y'] } } }]")).not.toBe('');
	// A multiOptions parameter can hold both values at once, so it separates nothing.
	const onMulti = "[{ name: 'a', displayOptions: { show: { kinds: ['x'] } } }, { name: 'b', displayOptions: { show: { kinds: ['y'] } } }]";
	expect(check(onMulti)).toBe('');
	const file = path.join(tmpdir(), `rule-${Math.random().toString(36).slice(2)}.node.ts`);
	writeFileSync(file, `export class X { description = { properties: [{ name: 'kinds', type: 'multiOptions' }], credentials: ${onMulti} }; }`);
	expect(singleCredentialPerNode(file)).not.toBe('');
});

it('every node of the package passes: one credential at a time', () => {
	// The SkySlope node's credentials are shown by resource; the SkySlope Trigger's by `/event`, the
	// root path of Trigger On, which the editor does not take for an authentication field
	// (docs/VERIFICATION.md, "How the editor reads the nodes"); the Signing Trigger has one.
	for (const file of ['SkySlope.node.ts', 'SkySlopeTrigger.node.ts', 'SkySlopeSigningTrigger.node.ts']) {
		expect([file, singleCredentialPerNode(path.join(NODES, file))]).toEqual([file, '']);
	}
});
