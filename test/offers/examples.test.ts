// The Offers example workflows name real parameters of the two nodes, and their nodes run against
// the sandbox as they are saved (expressions included).

import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters, INodeProperties } from 'n8n-workflow';

import { SkySlope } from '../../nodes/SkySlope/SkySlope.node';
import { SkySlopeTrigger } from '../../nodes/SkySlope/SkySlopeTrigger.node';
import { startSandbox, type SandboxServer } from '../../sandbox';
import { type OffersState } from '../../sandbox/offers';
import { runNode, runPoll } from '../../harness/node';
import { offersCredentials } from './setup';
import { examplesNamed } from '../../harness/node/examples';

interface ExampleNode {
	name: string;
	type: string;
	parameters: IDataObject;
	credentials?: IDataObject;
}

const examples = examplesNamed(/^offers-.*\.json$/).map(({ file, workflow }) => ({ file, nodes: workflow.nodes as unknown as ExampleNode[] }));

const OFFERS = 'n8n-nodes-skyslope.skySlope';
const TRIGGER = 'n8n-nodes-skyslope.skySlopeTrigger';
/** Parameters n8n itself adds to every polling trigger. */
const N8N_ADDED = new Set(['pollTimes']);

function shownFor(properties: INodeProperties[], parameters: IDataObject): Map<string, INodeProperties> {
	const shown = new Map<string, INodeProperties>();
	for (const property of properties) {
		const show = property.displayOptions?.show ?? {};
		const visible = Object.entries(show).every(([key, allowed]) => (allowed as unknown[]).includes(parameters[key]));
		if (visible) shown.set(property.name, property);
	}
	return shown;
}

describe('Offers example workflows', () => {
	let sandbox: SandboxServer;
	let credentials: Record<string, ICredentialDataDecryptedObject>;

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0 });
		credentials = offersCredentials(sandbox, { trailingSlash: false });
	});
	afterAll(async () => sandbox.close());

	const ours = () =>
		examples.flatMap(({ file, nodes }) => nodes.filter((n) => n.type === OFFERS || n.type === TRIGGER).map((node) => ({ file, node })));

	it('use both nodes and the sandbox credential', () => {
		expect(ours().some(({ node }) => node.type === OFFERS)).toBe(true);
		expect(ours().some(({ node }) => node.type === TRIGGER)).toBe(true);
		for (const { node } of ours()) {
			expect(node.credentials).toEqual({
				skySlopeOffersOAuth2Api: { id: 'skyslope-offers-sandbox', name: 'SkySlope Offers (sandbox)' },
			});
		}
	});

	it('name only parameters (and options) the node shows for that resource and operation', () => {
		for (const { file, node } of ours()) {
			const properties =
				node.type === OFFERS ? new SkySlope().description.properties : new SkySlopeTrigger().description.properties;
			const shown = shownFor(properties, node.parameters);
			for (const [key, value] of Object.entries(node.parameters)) {
				if (N8N_ADDED.has(key) && node.type === TRIGGER) continue;
				const property = shown.get(key);
				expect(`${file} ${node.name}: ${key} ${property ? 'shown' : 'unknown'}`).toBe(`${file} ${node.name}: ${key} shown`);
				if (property?.type === 'collection' && value && typeof value === 'object') {
					const options = new Set((property.options as INodeProperties[]).map((o) => o.name));
					for (const option of Object.keys(value)) expect(`${key}.${option} ${options.has(option)}`).toBe(`${key}.${option} true`);
				}
			}
		}
	});

	it('every action node runs as saved and returns items', async () => {
		const state = sandbox.service<OffersState>('offers').state;
		for (const { node } of ours().filter(({ node }) => node.type === OFFERS)) {
			const before = Date.now();
			const result = await runNode({ node: SkySlope, parameters: node.parameters as INodeParameters, credentials });
			const after = Date.now();
			credentials = result.credentials;
			expect(`${node.name}: ${result.error?.message ?? 'ok'}`).toBe(`${node.name}: ok`);
			expect(result.output[0].length).toBeGreaterThan(0);
			if (node.parameters.operation === 'getAll') {
				// The example asks the 90 days back from its own $now, a moment between `before` and
				// `after`: every offer inside both such windows is there, none outside either, each once.
				// Ninety days on the workflow's calendar: an hour more or less when daylight saving
				// time changed between.
				const days90 = 90 * 24 * 3600 * 1000;
				const hour = 3600 * 1000;
				const ids = result.output[0].map((item) => String(item.json.OfferId));
				const surely = state.inRange(after - days90 + hour, before).map((o) => o.OfferId);
				const possibly = new Set(state.inRange(before - days90 - hour, after).map((o) => o.OfferId));
				expect(surely.length).toBeGreaterThan(0);
				expect(surely.filter((id) => !ids.includes(id))).toEqual([]);
				expect(ids.filter((id) => !possibly.has(id))).toEqual([]);
				expect(new Set(ids).size).toBe(ids.length);
				expect(result.output[0][0].json.OfferPrice).toEqual(expect.any(Number));
			}
		}
	});

	it('the trigger gives a sample in a test run, and its first active poll stays quiet', async () => {
		for (const { node } of ours().filter(({ node }) => node.type === TRIGGER)) {
			const parameters = node.parameters as INodeParameters;
			const sample = await runPoll({ node: SkySlopeTrigger, parameters, credentials, mode: 'manual' });
			expect(sample.output?.[0]).toHaveLength(1);
			const staticData: IDataObject = {};
			const first = await runPoll({ node: SkySlopeTrigger, parameters, credentials, mode: 'trigger', staticData });
			expect(first.output).toBeNull();
			expect(staticData.cursor).toEqual(expect.any(String));
		}
	});
});
