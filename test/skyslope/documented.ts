/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// The operation tables of docs/listings-sales.md, read as data: the unit tests check that every
// operation is documented, the e2e walks check that each operation sends the request documented.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface DocumentedOperation {
	resource: string;
	operation: string;
	method: string;
	/** The documented path, e.g. `/api/files/listings/{listingGuid}`. */
	route: string;
	/** The route as a pattern for a request path (each `{param}` one segment). */
	pattern: RegExp;
}

/**
 * One entry per table row, in the order of the document; and for each row whose fields come from a
 * form, an entry `getForm:<operation>`: Get Form with Form For set to that write reads that form.
 */
export function documentedOperations(): DocumentedOperation[] {
	const doc = readFileSync(path.join(__dirname, '../../docs/listings-sales.md'), 'utf8');
	const rows: DocumentedOperation[] = [];
	for (const section of doc.split('\n### ').slice(1)) {
		const resource = /^[^(\n]*\(`(\w+)`\)/.exec(section)?.[1];
		if (!resource) continue;
		const entry = (operation: string, method: string, raw: string): DocumentedOperation => {
			const route = raw.trim();
			return { resource, operation, method, route, pattern: new RegExp(`^${route.replace(/\{[^}]+\}/g, '[^/]+')}$`, 'i') };
		};
		const table = /^\| [^|]+ \| `(\w+)` \| `(GET|POST|PUT|PATCH|DELETE) (\/[^`?]*)[^|]*\|(?: `GET (\/[^`?]*))?/gm;
		for (const [, operation, method, raw, form] of section.matchAll(table)) {
			rows.push(entry(operation, method, raw));
			if (form) rows.push(entry(`getForm:${operation}`, 'GET', form));
		}
	}
	return rows;
}
