/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// n8n's UX guidelines for what a node says when something goes wrong: the message says what
// happened, the description how to fix it, and neither uses the words error, problem, failure or
// mistake. Every prose string of the shipped code (nodes/, credentials/) is read from its syntax
// tree, so a message built in a helper is read as well as one written at the throw. n8n's own
// setting "On Error" is named as n8n names it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';

import type { INode } from 'n8n-workflow';

import { offersService } from '../../nodes/SkySlope/offers/service';
import { toApiError } from '../../nodes/SkySlope/shared/transport/error-words';
import { inputError } from '../../nodes/SkySlope/shared/validate';

const node = { name: 'SkySlope Offers', credentials: {} } as unknown as INode;
const ctx = { getNode: () => node };
/** The line an error the service answered with this status ends in: how to go on. */
async function fixForStatus(status: number | undefined): Promise<string> {
	const error = await toApiError({ ctx: ctx as never, service: offersService, failure: { status, message: 'refused', body: {} }, secrets: [] });
	return String(error.description).split('\n').find((line) => line.startsWith('To fix: ')) ?? `no fix in: ${String(error.description)}`;
}

const ROOT = join(__dirname, '../..');
const WORDS = /\b(errors?|problems?|failures?|mistakes?)\b/i;
/** Names n8n gives its own settings: a message may point at them by name. */
const N8N_NAMES = /\bOn Error\b/g;

/** Every string and template text of a file that reads as prose (has a space), with its line. */
function prose(file: string): Array<{ line: number; text: string }> {
	const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
	const found: Array<{ line: number; text: string }> = [];
	const visit = (node: ts.Node) => {
		if (
			ts.isStringLiteral(node) ||
			ts.isNoSubstitutionTemplateLiteral(node) ||
			ts.isTemplateHead(node) ||
			ts.isTemplateMiddle(node) ||
			ts.isTemplateTail(node)
		) {
			if (/\s/.test(node.text)) found.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.text });
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

const shipped = ['nodes', 'credentials'].flatMap((folder) =>
	readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
		.filter((f) => f.endsWith('.ts'))
		.map((f) => join(folder, f)),
);

describe('wording of what the nodes say', () => {
	it('reads the shipped sources (a scan of nothing would pass)', () => {
		expect(shipped.length).toBeGreaterThan(100);
		expect(shipped.flatMap(prose).length).toBeGreaterThan(1000);
	});

	it('no prose says error, problem, failure or mistake', () => {
		const found = shipped.flatMap((file) =>
			prose(file)
				.filter(({ text }) => WORDS.test(text.replace(N8N_NAMES, '')))
				.map(({ line, text }) => `${file}:${line}: ${text.slice(0, 120)}`),
		);
		expect(found).toEqual([]);
	});

	it('one term per thing: the variants the nodes once mixed are not written again', () => {
		// Each entry: a variant, and the term the nodes use for that thing.
		const VARIANTS: Array<[RegExp, string]> = [
			[/\be-mail\b/i, 'email'],
			[/\bco agents?\b/i, 'co-agent'],
			[/\bpremises address\b/i, 'Property Address (the parameter premisesAddress keeps its name)'],
			[/\sId\b/, 'ID'],
			[/\sGuid\b/, 'GUID'],
			[/\bInput Mode\b/, '<What> From, e.g. Contacts From, Fields From'],
		];
		const found = shipped.flatMap((file) =>
			prose(file).flatMap(({ line, text }) =>
				VARIANTS.filter(([variant]) => variant.test(text)).map(([, term]) => `${file}:${line}: "${text.slice(0, 80)}": write ${term}`),
			),
		);
		expect(found).toEqual([]);
	});

	it('the scan finds the words where they are', () => {
		const sample = 'The service had a problem';
		expect(WORDS.test(sample)).toBe(true);
		expect(WORDS.test("With the node's On Error setting".replace(N8N_NAMES, ''))).toBe(false);
	});

	it('every answer of the service comes with how to go on, whatever its status (a 401 is the credential\'s: credentials tests)', async () => {
		for (const status of [undefined, 400, 403, 404, 405, 409, 410, 413, 422, 429, 500, 502, 503]) {
			const fix = await fixForStatus(status);
			expect(fix).toMatch(/^To fix: /);
			expect(fix).not.toMatch(WORDS);
		}
		expect(new Set(await Promise.all([400, 403, 404, 409, 429, 500].map(fixForStatus))).size).toBe(6);
	});

	it('a refused value says how to mend it, naming the parameter', () => {
		expect(inputError(ctx, 'Created After', 0, 'is not a date').description).toMatch(/^Set Created After to an accepted value .* Nothing was sent for this item\.$/);
	});
});
