/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// What a model reads per SkySlope tool call: n8n gives an AI agent (and an MCP client) a tool's output
// items as a JSON list of their `json`, so the measure is the length of that text, with Simplify on
// (the default) and off, for a listing, a sale, an offer and a file (bench/RESULTS.md, AI section).
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { SkySlope } from '../../nodes/SkySlope/SkySlope.node';
import { startSandbox, type SandboxServer } from '../../sandbox';
import { type OffersState } from '../../sandbox/offers';
import { startForms, type FormsEnv } from '../../harness/forms-env';
import { runNode, type RunNodeResult } from '../../harness/node';
import { startEnv, type Env } from '../../harness/listings-env';
import { offersCredentials } from '../offers/setup';

const characters = (result: RunNodeResult) => {
	if (result.error) throw result.error;
	return JSON.stringify(result.output[0].map((i) => i.json)).length;
};

interface Figure {
	record: string;
	get: { on: number; off: number };
	many?: { on: number; off: number; records: number };
}

const figures: Figure[] = [];

let listings: Env;
let forms: FormsEnv;
let offersSandbox: SandboxServer;

beforeAll(async () => {
	[listings, forms, offersSandbox] = await Promise.all([startEnv(), startForms(), startSandbox({ port: 0 })]);
});
afterAll(async () => {
	process.stdout.write(`[ai-characters] ${JSON.stringify(figures)}\n`);
	await Promise.all([listings?.sandbox.close(), forms?.close(), offersSandbox?.close()]);
});

it.each(['listing', 'sale'] as const)('a %s: Simplify on is a fraction of the full record', async (kind) => {
	const many = (simplify: boolean) => listings.run({ resource: kind, operation: 'getAll', limit: 10, simplify });
	const manyOn = await many(true);
	const guid = manyOn.output[0][0].json[`${kind}Guid`] as string;
	const get = (simplify: boolean) => listings.run({ resource: kind, operation: 'get', [`${kind}Guid`]: { __rl: true, mode: 'id', value: guid }, simplify });
	const figure: Figure = {
		record: kind,
		get: { on: characters(await get(true)), off: characters(await get(false)) },
		many: { on: characters(manyOn), off: characters(await many(false)), records: manyOn.output[0].length },
	};
	figures.push(figure);
	expect(figure.get.on).toBeLessThanOrEqual(700);
	expect(figure.get.on * 3).toBeLessThan(figure.get.off);
	expect(figure.many!.on).toBeLessThanOrEqual(700 * figure.many!.records);
});

it('an offer: Simplify on is about half the full record', async () => {
	const state = offersSandbox.service<OffersState>('offers').state;
	let credentials = offersCredentials(offersSandbox);
	const run = async (parameters: INodeParameters) => {
		const result = await runNode({ node: SkySlope, parameters, credentials });
		credentials = result.credentials;
		return result;
	};
	const end = state.anchorMs - 1;
	const range = { startDate: new Date(end - 30 * 24 * 3600 * 1000).toISOString(), endDate: new Date(end).toISOString(), limit: 10 };
	const manyOn = await run({ resource: 'offer', operation: 'getAll', ...range });
	const offerId = (manyOn.output[0][0].json as IDataObject).OfferId as string;
	const figure: Figure = {
		record: 'offer',
		get: {
			on: characters(await run({ resource: 'offer', operation: 'get', offerId })),
			off: characters(await run({ resource: 'offer', operation: 'get', offerId, simplify: false })),
		},
		many: {
			on: characters(manyOn),
			off: characters(await run({ resource: 'offer', operation: 'getAll', ...range, simplify: false })),
			records: manyOn.output[0].length,
		},
	};
	figures.push(figure);
	expect(figure.get.on).toBeLessThanOrEqual(650);
	expect(figure.get.on).toBeLessThan(figure.get.off * 0.6);
});

it('a file (Forms): Simplify on is a fraction of the full record', async () => {
	const get = (simplify: boolean) => forms.run({ resource: 'file', operation: 'get', fileId: { __rl: true, mode: 'id', value: '1001' }, simplify });
	const figure: Figure = { record: 'file', get: { on: characters(await get(true)), off: characters(await get(false)) } };
	figures.push(figure);
	expect(figure.get.on).toBeLessThanOrEqual(1000);
	expect(figure.get.on * 3).toBeLessThan(figure.get.off);
});
