// Writes a node's or credential's runtime description as literal TypeScript source, the way a node
// written by hand would read: n8n's lint rules read descriptions from the source's syntax tree, so
// the nodes' shared helpers hide most parameters from them; the literal shows every one.

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;

/** Code written as is into the literal (an enum member, a function). */
export class Raw {
	constructor(readonly code: string) {}
}

/** A value as a TypeScript literal, indented; undefined is left out, a function becomes an empty one. */
export function literal(value: unknown, indent = ''): string {
	const inner = `${indent}\t`;
	if (value instanceof Raw) return value.code;
	if (typeof value === 'function') return 'async () => undefined';
	if (value === null) return 'null';
	if (typeof value === 'string') return quote(value);
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	if (Array.isArray(value)) {
		const items = value.filter((v) => v !== undefined);
		if (!items.length) return '[]';
		return `[\n${items.map((v) => `${inner}${literal(v, inner)},`).join('\n')}\n${indent}]`;
	}
	if (typeof value === 'object') {
		const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
		if (!entries.length) return '{}';
		return `{\n${entries.map(([k, v]) => `${inner}${IDENTIFIER.test(k) ? k : quote(k)}: ${literal(v, inner)},`).join('\n')}\n${indent}}`;
	}
	return 'undefined';
}

const connections = (list: unknown) =>
	Array.isArray(list) ? list.map((c) => (c === 'main' ? new Raw('NodeConnectionTypes.Main') : c)) : list;

/**
 * A node class whose description is the literal, with the node's `methods` and `webhookMethods` as
 * empty functions under their own names (rules check that they are there, not what they do).
 */
export function nodeSource(className: string, description: Record<string, unknown>, node: Record<string, unknown>): string {
	const written = { ...description, inputs: connections(description.inputs), outputs: connections(description.outputs) };
	const extras = ['methods', 'webhookMethods'].filter((k) => node[k] !== undefined);
	return [
		"import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';",
		'',
		`export class ${className} implements INodeType {`,
		`\tdescription: INodeTypeDescription = ${literal(written, '\t')};`,
		...extras.map((k) => `\n\t${k} = ${literal(node[k], '\t')};`),
		'}',
		'',
	].join('\n');
}

/** A credential class with each of its data fields as a literal class field. */
export function credentialSource(className: string, credential: Record<string, unknown>): string {
	const fields = Object.entries(credential).filter(([, v]) => v !== undefined && typeof v !== 'function');
	return [
		"import type { ICredentialType, INodeProperties } from 'n8n-workflow';",
		'',
		`export class ${className} implements ICredentialType {`,
		...fields.map(([k, v]) => (k === 'properties' ? `\tproperties: INodeProperties[] = ${literal(v, '\t')};` : `\t${k} = ${literal(v, '\t')};`)),
		'}',
		'',
	].join('\n');
}
