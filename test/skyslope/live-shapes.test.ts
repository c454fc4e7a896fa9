// Answers in the other shapes the live service uses: the payload under `values`, a single office as
// `{ guid, name }`, and a 200 write answer carrying a warning ("The folder was not updated").
import { WRITE_WARNING } from '../../sandbox/listings/live';
import { byId, json, startEnv, type Env } from '../../harness/listings-env';

let env: Env;
beforeAll(async () => {
	env = await startEnv({ rateLimits: { listings: { limit: 10_000 } } });
});
afterAll(async () => env.sandbox.close());
afterEach(() => env.sandbox.setLive({}));

/** The same operation's items with the switches off and on. */
async function both(parameters: Record<string, unknown>, live: Parameters<Env['sandbox']['setLive']>[0]) {
	env.sandbox.setLive({});
	const plain = await env.run(parameters as never);
	env.sandbox.setLive(live);
	const shaped = await env.run(parameters as never);
	env.sandbox.setLive({});
	return { plain, shaped };
}

describe('other shapes of the same answer', () => {
	it.each([
		['listing Get Many', { resource: 'listing', operation: 'getAll', returnAll: false, limit: 15, simplify: false }],
		['sale Get Many', { resource: 'sale', operation: 'getAll', returnAll: false, limit: 5 }],
		['office Get Many', { resource: 'office', operation: 'getAll', returnAll: true }],
	])('%s under `values` gives the same items as under `value`', async (_name, parameters) => {
		const { plain, shaped } = await both(parameters, { valuesPayload: true });
		expect(shaped.error).toBeUndefined();
		expect(json(plain).length).toBeGreaterThan(0);
		expect(json(shaped)).toEqual(json(plain));
		expect(env.sent('GET').at(-1)?.status).toBe(200);
	});

	it('a listing and a sale read under `values` are the same records', async () => {
		const listing = [...env.state.store.listings.values()][0].dto;
		const sale = [...env.state.store.sales.values()][0].dto;
		for (const parameters of [
			{ resource: 'listing', operation: 'get', listingGuid: byId(String(listing.listingGuid)), simplify: false },
			{ resource: 'sale', operation: 'get', saleGuid: byId(String(sale.saleGuid)) },
		]) {
			const { plain, shaped } = await both(parameters, { valuesPayload: true });
			expect(json(shaped)).toEqual(json(plain));
		}
	});

	it('checklist types of an office under `values` are the same', async () => {
		const office = env.state.store.offices[0];
		const parameters = { resource: 'checklistType', operation: 'getAll', returnAll: true, transactionType: 'Listing', officeGuid: byId(office.officeGuid) };
		const { plain, shaped } = await both(parameters, { valuesPayload: true });
		expect(json(plain).length).toBeGreaterThan(0);
		expect(json(shaped)).toEqual(json(plain));
	});

	it('a single office read as { guid, name } gives the same item as { officeGuid, officeName }', async () => {
		const office = env.state.store.offices[0];
		const { plain, shaped } = await both({ resource: 'office', operation: 'get', officeGuid: byId(office.officeGuid) }, { shortOfficeKeys: true, valuesPayload: true });
		expect(json(plain)[0]).toMatchObject({ officeGuid: office.officeGuid, officeName: office.officeName });
		expect(json(shaped)).toEqual(json(plain));
	});

	it('a write answered 200 with a warning shows the warning on its item, and once as a hint above the output', async () => {
		const listing = [...env.state.store.listings.values()][0].dto;
		env.sandbox.setLive({ writeWarnings: true, valuesPayload: true });
		const r = await env.run(
			{
				resource: 'listing',
				operation: 'update',
				listingGuid: byId(String(listing.listingGuid)),
				columns: { mappingMode: 'defineBelow', value: { listingPrice: '={{ $json.price }}' }, matchingColumns: [], schema: [] },
			},
			{ input: [{ json: { price: 456000 } }, { json: { price: 457000 } }] },
		);
		expect(r.error).toBeUndefined();
		expect(json(r).map((i) => i.warnings)).toEqual([[WRITE_WARNING], [WRITE_WARNING]]);
		expect(env.sent('PUT').slice(-2).map((e) => [e.body, e.status])).toEqual([
			[{ listingPrice: 456000 }, 200],
			[{ listingPrice: 457000 }, 200],
		]);
		expect(r.hints).toEqual([{ message: `SkySlope warned: ${WRITE_WARNING}`, type: 'warning', location: 'outputPane' }]);
	});

	it('a plain 200 adds no warnings field and no hint', async () => {
		const listing = [...env.state.store.listings.values()][0].dto;
		const r = await env.run({ resource: 'listing', operation: 'updateStage', listingGuid: byId(String(listing.listingGuid)), stageId: 2 });
		expect(r.error).toBeUndefined();
		expect(json(r)[0]).not.toHaveProperty('warnings');
		expect(r.hints).toEqual([]);
	});
});

describe('updating a listing document', () => {
	it('sends fileName in the body, and a field the package does not list (FileName) as given, not refused', async () => {
		const listing = [...env.state.store.listings.values()].find((l) => l.documents.length > 0)!;
		const document = listing.documents[0];
		for (const [key, name] of [
			['fileName', 'Renamed by fileName.pdf'],
			['FileName', 'Renamed by FileName.pdf'],
		]) {
			const r = await env.run({
				resource: 'listing',
				operation: 'updateDocument',
				listingGuid: byId(String(listing.dto.listingGuid)),
				documentGuid: byId(document.documentGuid),
				columns: { mappingMode: 'defineBelow', value: { [key]: name }, matchingColumns: [], schema: [] },
			});
			expect(r.error).toBeUndefined();
			const sent = env.sent('PATCH').at(-1)!;
			expect(sent.body).toEqual({ [key]: name });
			expect(sent.query).toEqual({});
			expect(sent.status).toBe(200);
			expect(document.fileName).toBe(name);
		}
	});

	it('with the fields the editor saved (fileName, documentStatusId), FileName is still sent as given', async () => {
		const listing = [...env.state.store.listings.values()].find((l) => l.documents.length > 0)!;
		const document = listing.documents[0];
		const parameters = {
			resource: 'listing',
			operation: 'updateDocument',
			listingGuid: byId(String(listing.dto.listingGuid)),
			documentGuid: byId(document.documentGuid),
		};
		const { fields } = await env.method('resourceMapping', 'getFormFields', parameters);
		expect(fields.map((f) => f.id)).toEqual(['fileName', 'documentStatusId']);
		env.sandbox.setLive({ documentQuery500: true, writeWarnings: true });
		const r = await env.run({
			...parameters,
			columns: { mappingMode: 'defineBelow', value: { FileName: 'Saved schema.pdf', documentStatusId: 2 }, matchingColumns: [], schema: fields } as never,
		});
		expect(r.error).toBeUndefined();
		const sent = env.sent('PATCH').at(-1)!;
		expect(sent.body).toEqual({ FileName: 'Saved schema.pdf', documentStatusId: 2 });
		expect(sent.query).toEqual({});
		expect(sent.status).toBe(200);
		expect(document.fileName).toBe('Saved schema.pdf');
		expect(json(r)[0].warnings).toEqual([WRITE_WARNING]);
	});
});
