// The example workflows: every SkySlope node in them names a real operation and only parameters
// that operation has; those that need no other node run against the sandbox.

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { SkySlope } from '../../nodes/SkySlope/SkySlope.node';
import { SkySlopeTrigger } from '../../nodes/SkySlope/SkySlopeTrigger.node';
import { json, startEnv, type Env } from '../../harness/listings-env';
import { examplesNamed } from '../../harness/node/examples';

const examples = examplesNamed(/^skyslope-.*\.json$/);

const ours = (type: unknown) => type === 'n8n-nodes-skyslope.skySlope' || type === 'n8n-nodes-skyslope.skySlopeTrigger';

describe('example workflows', () => {
	it('there are examples of a form-driven create, a bulk export, a paged Get Many and the trigger', () => {
		expect(examples.map((e) => e.file).sort()).toEqual([
			'skyslope-create-listing.json',
			'skyslope-export-30-days.json',
			'skyslope-listings-paged.json',
			'skyslope-sale-closed.json',
		]);
	});

	it('every SkySlope node names a real operation and only its parameters', () => {
		for (const { file, workflow } of examples) {
			for (const node of workflow.nodes.filter((n) => ours(n.type))) {
				const trigger = node.type === 'n8n-nodes-skyslope.skySlopeTrigger';
				const properties = trigger ? new SkySlopeTrigger().description.properties : new SkySlope().description.properties;
				const params = node.parameters as IDataObject;
				const visible = properties.filter((p) => {
					const show = p.displayOptions?.show ?? {};
					return Object.entries(show).every(([key, values]) => !['resource', 'operation'].includes(key) || (values as unknown[]).includes(params[key]));
				});
				const names = new Set(visible.map((p) => p.name));
				for (const key of Object.keys(params)) {
					if (trigger && key === 'pollTimes') continue;
					expect(`${file}: ${key} ${names.has(key) ? 'ok' : 'unknown'}`).toBe(`${file}: ${key} ok`);
				}
			}
		}
	});

	describe('runs', () => {
		let env: Env;
		beforeAll(async () => {
			env = await startEnv({ rateLimits: { listings: { limit: 10_000 } } });
		});
		afterAll(async () => env.sandbox.close());

		const nodeOf = (file: string, name: string) =>
			examples.find((e) => e.file === file)!.workflow.nodes.find((n) => n.name === name)!.parameters as INodeParameters;

		it('the bulk export example', async () => {
			const r = await env.run(nodeOf('skyslope-export-30-days.json', 'Export files'));
			expect(r.error).toBeUndefined();
			const items = json(r);
			expect(items[0].objectType).toBe('summary');
			expect(items.length - 1).toBe(Number(items[0].numberOfListings) + Number(items[0].numberOfSales));
		});

		it('the form-driven create example (the office and agent its first nodes would pick, filled in)', async () => {
			const office = env.state.store.offices[0];
			const agent = env.state.store.users.find((u) => u.userType === 'Agent')!;
			const create = structuredClone(nodeOf('skyslope-create-listing.json', 'Create listing')) as IDataObject;
			(create.officeGuid as IDataObject).value = office.officeGuid;
			(create.agentGuid as IDataObject).value = agent.userGuid;
			const r = await env.run(create as INodeParameters);
			expect(r.error).toBeUndefined();
			const listingGuid = String(json(r)[0].listingGuid);
			const seller = await env.run(nodeOf('skyslope-create-listing.json', 'Add seller'), { input: [{ json: { listingGuid } }] });
			expect(seller.error).toBeUndefined();
			expect(env.state.store.listings.get(listingGuid)!.dto.sellers).toHaveLength(1);
		});

		it('the paged Get Many example', async () => {
			const r = await env.run(nodeOf('skyslope-listings-paged.json', 'All listings'));
			expect(r.error).toBeUndefined();
			expect(json(r).length).toBeGreaterThan(10);
			expect(env.sent('GET', /^\/api\/files\/listings$/).length).toBeGreaterThan(1);
		});
	});
});
