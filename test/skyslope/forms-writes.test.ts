/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// Forms before writes (spec 1.3): required fields and choices change at any time, so a
// form-driven write reads its form once per execution, checks the body against it before sending,
// and reads it once more when the service refuses the write naming a field.
import type { IDataObject, NodeParameterValueType, ResourceMapperField } from 'n8n-workflow';

import { SkySlopeApi } from '../../credentials/SkySlopeApi.credentials';
import { SkySlope } from '../../nodes/SkySlope/SkySlope.node';
import { SOURCES } from '../../sandbox/listings/catalog';
import { editFormField } from '../../sandbox/listings/fields';
import { runNode } from '../../harness/node';
import { startTestServer } from '../../harness/node/test-server';
import { byId, json, startEnv, type Env } from '../../harness/listings-env';

let env: Env;
beforeAll(async () => {
	env = await startEnv();
});
afterAll(async () => env.sandbox.close());
beforeEach(() => {
	env.sandbox.clearLog();
	env.sandbox.setFaults([]);
});
afterEach(() => {
	editFormField('sourceId', undefined);
	editFormField('mlsNumber', undefined);
});

const FORM = /^\/api\/files\/listingForm$/;
const WRITE = /^\/api\/files\/listings$/;

function picks() {
	const office = env.state.store.offices[0];
	const agent = env.state.store.users.find((u) => u.userType === 'Agent' && u.officeGuid === office.officeGuid)!;
	// 11: the office's Residential Listing checklist type.
	return { resource: 'listing', operation: 'create', officeGuid: byId(office.officeGuid), checklistTypeId: 11, agentGuid: byId(agent.userGuid) };
}

/** The mapper's fields as the editor loads them, and saves them with the workflow. */
async function savedSchema(): Promise<ResourceMapperField[]> {
	const loaded = await env.method('resourceMapping', 'getFormFields', picks());
	env.sandbox.clearLog();
	return loaded.fields;
}

/** The Fields parameter as a saved workflow holds it. */
const columns = (mappingMode: string, value: IDataObject | null, schema: ResourceMapperField[]) =>
	({ mappingMode, value, matchingColumns: [], schema }) as unknown as NodeParameterValueType;

const REQUIRED: IDataObject = {
	listingPrice: 425000,
	listingDate: '2026-03-01T00:00:00.000Z',
	expirationDate: '2026-09-01T00:00:00.000Z',
	'property.streetNumber': '12',
	'property.streetAddress': 'Elm St',
	'property.city': 'Austin',
	'property.state': 'TX',
	'property.zip': '78701',
};

function create(schema: ResourceMapperField[], value: IDataObject, options: { items?: number; continueOnFail?: boolean; mode?: string } = {}) {
	return env.run(
		{ ...picks(), columns: columns(options.mode ?? 'defineBelow', value, schema) },
		{ input: Array.from({ length: options.items ?? 1 }, (_, i) => ({ json: { n: i } })), continueOnFail: options.continueOnFail },
	);
}

describe('the form is read once per execution', () => {
	it('five creates read the form once, the next execution reads it again', async () => {
		const schema = await savedSchema();
		const first = await create(schema, { ...REQUIRED, mlsNumber: '={{ "MLS-" + $json.n }}' }, { items: 5 });
		expect(first.error).toBeUndefined();
		expect(json(first)).toHaveLength(5);
		expect(env.sent('GET', FORM)).toHaveLength(1);
		expect(env.sent('POST', WRITE).map((r) => (r.body as IDataObject).mlsNumber)).toEqual(['MLS-0', 'MLS-1', 'MLS-2', 'MLS-3', 'MLS-4']);
		const second = await create(schema, REQUIRED);
		expect(second.error).toBeUndefined();
		expect(env.sent('GET', FORM)).toHaveLength(2);
		// The form read is the one the write goes with: same office and checklist type.
		expect(env.sent('GET', FORM)[1].query).toEqual({ officeGuid: picks().officeGuid.value, checklistTypeId: '11' });
	});
});

describe('required fields', () => {
	it('a field the form requires is refused when missing, naming it, before the write', async () => {
		const schema = await savedSchema();
		// Mapped by hand, n8n itself refuses a required mapper field left empty.
		await expect(create(schema, { listingPrice: 1 })).rejects.toThrow(/Field "listingDate" is required/);
		// Mapped from input items, n8n checks nothing: the node does, against the form.
		const result = await env.run(
			{ ...picks(), columns: columns('autoMapInputData', null, schema) },
			{ input: [{ json: { listingPrice: 1, property: { city: 'Austin' } } }] },
		);
		expect(result.error?.message).toBe(
			'Fields: listingDate: is required by the form; expirationDate: is required by the form; property.streetNumber: is required by the form; property.streetAddress: is required by the form; property.state: is required by the form; property.zip: is required by the form [item 0]',
		);
		expect(env.sent('GET', FORM)).toHaveLength(1);
		expect(env.sent('POST', WRITE)).toHaveLength(0);
	});

	it('a field made required after the workflow was saved is required at the next run, and in the mapper', async () => {
		const schema = await savedSchema();
		expect(schema.find((f) => f.id === 'mlsNumber')?.required).toBe(false);
		editFormField('mlsNumber', { required: true });
		const result = await create(schema, REQUIRED);
		expect(result.error?.message).toBe('Fields: mlsNumber: is required by the form [item 0]');
		expect(result.error?.description).toContain('the form the service answers now');
		expect(env.sent('POST', WRITE)).toHaveLength(0);
		expect((await savedSchema()).find((f) => f.id === 'mlsNumber')?.required).toBe(true);
	});

	it('the mapper marks every field the form requires (sub-fields of a required object too)', async () => {
		const schema = await savedSchema();
		expect(schema.filter((f) => f.required).map((f) => f.id).sort()).toEqual(Object.keys(REQUIRED).sort());
	});
});

/** The brokerage drops the choice "Other" and adds "Builder". */
const WITHOUT_OTHER = [...SOURCES.filter((s) => s.id !== 6), { id: 7, name: 'Builder' }];

describe("the form's choices", () => {
	it('choices that change between two executions: the next run is checked against the new choices', async () => {
		const schema = await savedSchema();
		expect(schema.find((f) => f.id === 'sourceId')?.options?.map((o) => o.value)).toEqual([1, 2, 3, 4, 5, 6]);
		const before = await create(schema, { ...REQUIRED, sourceId: 6 });
		expect(before.error).toBeUndefined();
		expect(env.sent('POST', WRITE).at(-1)?.body).toMatchObject({ sourceId: 6 });

		// The form changes; the saved workflow still offers 6.
		editFormField('sourceId', { select: WITHOUT_OTHER });
		env.sandbox.clearLog();
		const after = await create(schema, { ...REQUIRED, sourceId: 6 });
		expect(after.error?.message).toBe(
			"Fields: sourceId: 6 is not one of the form's choices: 1 (MLS), 2 (Online Portal), 3 (Referral), 4 (Sign Call), 5 (Open House), 7 (Builder) [item 0]",
		);
		expect(env.sent('GET', FORM)).toHaveLength(1);
		expect(env.sent('POST', WRITE)).toHaveLength(0);

		// The new choice, by name from an input item (automatic mapping), goes as its id and is taken.
		const byName = await env.run(
			{ ...picks(), columns: columns('autoMapInputData', null, schema) },
			{ input: [{ json: { ...REQUIRED, sourceId: 'Builder' } }] },
		);
		expect(byName.error).toBeUndefined();
		expect(env.sent('POST', WRITE).at(-1)?.body).toMatchObject({ sourceId: 7 });
		// The mapper offers the new choices once refreshed.
		expect((await savedSchema()).find((f) => f.id === 'sourceId')?.options?.map((o) => o.name)).toContain('Builder');
	});

});

describe('a write refused for a field reads the form once more', () => {
	/** Holds the first write in the sandbox until the test has changed the form under it. */
	async function changeFormDuringWrite(change: () => void) {
		env.sandbox.setFaults([{ service: 'listings', method: 'POST', path: WRITE.source, latencyMs: 300 }]);
		for (let waited = 0; env.sent('POST', WRITE).length === 0 && waited < 5000; waited += 5) {
			await new Promise((resolve) => setTimeout(resolve, 5));
		}
		change();
	}

	it('the choices changed between the read and the write: the refusal names the field and the new choices', async () => {
		const schema = await savedSchema();
		const running = create(schema, { ...REQUIRED, sourceId: 6 }, { items: 2, continueOnFail: true });
		await changeFormDuringWrite(() => editFormField('sourceId', { select: WITHOUT_OTHER }));
		const result = await running;
		const [first, second] = json(result);
		expect(first.error).toBe(
			"Fields: sourceId: 6 is not one of the form's choices: 1 (MLS), 2 (Online Portal), 3 (Referral), 4 (Sign Call), 5 (Open House), 7 (Builder) [item 0]",
		);
		expect(first.description).toContain('the form changed');
		expect(first.description).toContain('The service said: SkySlope Listings & Sales answered 422: sourceId: must be one of the allowable selections (1, 2, 3, 4, 5, 7)');
		// Item 1 is checked against the form read again: refused before its write.
		expect(second.error).toBe(String(first.error).replace('[item 0]', '[item 1]'));
		expect(env.sent('GET', FORM)).toHaveLength(2);
		expect(env.sent('POST', WRITE).map((r) => r.status)).toEqual([422]);
	});

	it('a refusal naming a field the form does not explain stands as the service said it, after one more read', async () => {
		const schema = await savedSchema();
		const stranger = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
		const result = await env.run(
			{ ...picks(), agentGuid: byId(stranger), columns: columns('defineBelow', REQUIRED, schema) },
			{ input: [{ json: {} }, { json: {} }], continueOnFail: true },
		);
		const [first, second] = json(result);
		expect(first.error).toBe(`SkySlope Listings & Sales answered 422: agentGuid: '${stranger}' is not an agent of this brokerage [item 0]`);
		expect(second.error).toBe(String(first.error).replace('[item 0]', '[item 1]'));
		// One read at the start, one after the first refusal: not one per refused item.
		expect(env.sent('GET', FORM)).toHaveLength(2);
		expect(env.sent('POST', WRITE)).toHaveLength(2);
	});

	it('a refusal that names no field does not read the form again', async () => {
		const schema = await savedSchema();
		const result = await create(schema, { ...REQUIRED, mlsNumber: '<script>alert(1)</script>' });
		expect(result.error?.message).toBe(
			'SkySlope Listings & Sales answered 422: The request contains potentially dangerous content (script injection) [item 0]',
		);
		expect(env.sent('GET', FORM)).toHaveLength(1);
	});
});

it('an answer that is not a form fails loudly, naming what came back, and nothing is written', async () => {
	const server = await startTestServer((request) => {
		if (request.path === '/auth/login') return { body: { Session: 'test-session', Expiration: new Date(Date.now() + 3_600_000).toISOString() } };
		if (request.path === '/api/files/listingForm') return { body: { value: { listing: { listingGuid: 'x' } }, links: [] } };
		return { status: 500, body: { errors: ['unexpected'] } };
	});
	try {
		const result = await runNode({
			node: SkySlope,
			credentialTypes: [SkySlopeApi],
			credentials: { skySlopeApi: { ...env.credentials, customBaseUrl: server.url, sessionToken: '', sessionRenewAt: '' } },
			parameters: { ...picks(), columns: columns('defineBelow', REQUIRED, []) },
		});
		expect(result.error?.message).toBe(
			'The form at /api/files/listingForm could not be read: the service answered an object with the keys listing, not a list of fields [item 0]',
		);
		expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /auth/login', 'GET /api/files/listingForm']);
	} finally {
		await server.close();
	}
});
