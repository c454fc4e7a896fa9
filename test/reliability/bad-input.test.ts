/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// Bad input, generated: every operation of the SkySlope node (read from their descriptions),
// every parameter's bad values (by type and name). Each must be refused with an error naming the
// parameter and the item, before any request; one run carries all bad values of a parameter as
// items (continueOnFail), and the next run of the node still works.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { binary } from '../../harness/node';
import { badValuesFor, namesParam, operationsOf, SCRIPT, setAt, TEN_MB, type BadValue, type Operation, type Param } from './badInput';
import { byId, descriptionOf, jsonOf, startEnv, type Env, type NodeKey } from './setup';

/**
 * Operations where a bad value is known to reach the service or to be refused without naming the
 * parameter: reported as node bugs. Their test is `it.failing` until the node is fixed.
 */
const KNOWN_BUGS: Record<string, string> = {};

const tinyPdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');

// One check sends up to ten items (one a 10 MB string) through n8n: generous on a busy machine.
jest.setTimeout(60_000);

let env: Env;
const baselines = {} as Record<NodeKey, INodeParameters>;

function show(value: unknown): string {
	if (value === TEN_MB) return '<10 MB string>';
	return JSON.stringify(value);
}

function sample() {
	const { store } = env.forms;
	const files = [...store.files.values()].filter((f) => f.type === 'File' && store.canAccess(f));
	const file =
		files.find((f) => f.contacts.length > 0 && store.liveDocuments(f.id).length > 1 && store.envelopesOf(f.id).length > 0) ??
		files.find((f) => store.envelopesOf(f.id).length > 0) ??
		files[0];
	const template = [...store.files.values()].find((f) => f.type !== 'File' && store.canAccess(f));
	const doc = store.liveDocuments(file.id)[0];
	const envelope = store.envelopesOf(file.id)[0];
	const form = [...store.forms.values()][0];
	baselines.forms = {
		fileId: byId(file.id),
		contactId: byId(file.contacts[0]?.id ?? 1),
		documentId: byId(doc?.id ?? 1),
		envelopeId: byId(envelope?.formsEnvelopeId ?? 1),
		templateId: byId(template?.id ?? 1),
		documentIds: [doc?.id ?? 1],
		formIds: [form?.id ?? 1],
		name: 'Reliability',
		firstName: 'Reli',
		lastName: 'Ability',
		envelopeName: 'Reliability',
		mlsNumber: 'ML81234567',
		webhookUrl: 'https://example.com/hook',
		binaryPropertyName: 'data',
		sourceFileId: file.id,
		sourceDocumentId: doc?.id ?? 1,
		property: { address: { streetName: 'Main St' } },
		fields: { field: [{ name: 'x', value: 'y' }] },
		fieldsJson: '{"x":"y"}',
		updateFields: { name: 'Reliability' },
		contactRows: { contact: [{ contactType: 'Buyer', firstName: 'Reli', lastName: 'Ability' }] },
		// The operations of SkySlope's own OpenAPI document: group and user ids are free text there.
		groupId: 'reliability-group',
		userId: String(store.users.keys().next().value),
		libraryId: [...store.libraries.keys()][0],
	};

	const ls = env.listings.store;
	const listing = [...ls.listings.values()].find((l) => l.documents.length > 0) ?? [...ls.listings.values()][0];
	const sale = [...ls.sales.values()][0];
	const checklist = ls.checklistTypes.find((c) => c.officeGuid === listing.dto.officeGuid && c.transactionType === 'Listing') ?? ls.checklistTypes[0];
	const agent = ls.users.find((u) => u.userType === 'Agent' && u.officeGuid === listing.dto.officeGuid) ?? ls.users[0];
	const contact = [...ls.contacts.values()][0];
	baselines.skyslope = {
		listingGuid: byId(listing.dto.listingGuid),
		saleGuid: byId(sale.dto.saleGuid),
		officeGuid: byId(listing.dto.officeGuid),
		agentGuid: byId(agent.userGuid),
		contactGuid: contact.contactGuid,
		documentGuid: listing.documents[0]?.documentGuid ?? '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
		checklistTypeId: checklist.checklistTypeId,
		stageId: 1,
		columns: { mappingMode: 'defineBelow', value: { mlsNumber: 'ML1' }, matchingColumns: [], schema: [] },
		customFields: { field: [{ name: 'leadSource', value: 'web' }] },
		deposit: { DepositAmount: 1000 },
	};

	const offer = [...env.offers.offers.values()][0];
	baselines.offers = {
		offerId: offer.OfferId,
		agentId: 'AG1001',
		startDate: '2024-01-01',
		endDate: '2024-01-15',
	};
}

/** Valid parameters of an operation; a contact locator of the SkySlope contact resource is a locator. */
function baseline(op: Operation): INodeParameters {
	const values: IDataObject = { resource: op.resource, operation: op.operation };
	for (const param of op.params) {
		const top = param.path[0];
		const base = baselines[op.key][top];
		if (base === undefined || top in values) continue;
		values[top] = param.type === 'resourceLocator' && (typeof base === 'string' || typeof base === 'number') ? byId(base) : base;
	}
	return values as INodeParameters;
}

function inputFor(op: Operation, values: BadValue[]): INodeExecutionData[] {
	return values.map((bad) => {
		const item: INodeExecutionData = { json: { v: bad.value as IDataObject[keyof IDataObject] } };
		if (op.resource === 'document' && op.operation === 'upload') item.binary = { data: binary(tinyPdf, 'a.pdf', 'application/pdf') };
		return item;
	});
}

/** Runs the bad values of one parameter; returns what went wrong (empty: all refused well). */
async function probe(op: Operation, param: Param, values: BadValue[]): Promise<string[]> {
	const base = { ...baseline(op), ...(param.shownWhen as INodeParameters) };
	const parameters = setAt(base, param, '={{ $json.v }}');
	const since = env.mark();
	const result = await env.run(op.key, parameters, { input: inputFor(op, values), continueOnFail: true });
	const where = `${op.key} ${op.resource}.${op.operation} ${param.path.join('.')}`;
	const problems: string[] = [];
	if (result.error && !result.output[0]?.length) return [`${where}: the run failed as a whole: ${result.error.message}`];
	const items = result.output[0] ?? [];
	const calls = env.calls(op.key, since);
	values.forEach((bad, i) => {
		const outs = items.filter((it) => (it.pairedItem as { item: number } | undefined)?.item === i);
		const error = outs.map((o) => o.json).find((j) => typeof j.error === 'string') as IDataObject | undefined;
		const message = String(error?.error ?? '');
		const refused = error !== undefined && error.httpCode === undefined;
		const label = `${where}=${show(bad.value)} (${bad.why})`;
		if (refused) {
			if (!namesParam(message, param) || !message.endsWith(`[item ${i}]`)) {
				problems.push(`${label}: refused, but the error does not name the parameter and item: "${message.slice(0, 160)}"`);
			}
			// n8n's guidelines: the description says how to fix it; neither says error, problem, failure or mistake.
			const description = String(error.description ?? '');
			if (!description.trim()) problems.push(`${label}: refused without a description of how to fix it: "${message.slice(0, 160)}"`);
			if (/\b(errors?|problems?|failures?|mistakes?)\b/i.test(`${message} ${description}`)) {
				problems.push(`${label}: the refusal's words include error, problem, failure or mistake: "${message}" / "${description}"`);
			}
			return;
		}
		if (bad.expect === 'ignored' && typeof bad.value === 'string') {
			const text = String(bad.value);
			const leaked = calls.filter((c) => `${c.path} ${JSON.stringify(c.query)} ${JSON.stringify(c.body ?? '')}`.includes(text) || c.path.includes(encodeURIComponent(text)));
			if (leaked.length === 0) return;
			problems.push(`${label}: sent in ${leaked.map((c) => `${c.method} ${c.path}`).join(', ')}`);
			return;
		}
		problems.push(
			`${label}: reached the service (${error ? `answered ${String(error.httpCode)}: ${message.slice(0, 100)}` : 'answered with success'})`,
		);
	});
	// Nothing may be sent for the values that were refused: a request without a matching item is a leak too.
	const reached = values.filter((bad, i) => {
		const outs = items.filter((it) => (it.pairedItem as { item: number } | undefined)?.item === i);
		return !outs.some((o) => typeof o.json.error === 'string' && o.json.httpCode === undefined);
	});
	if (reached.length === 0 && calls.length > 0 && values.every((v) => v.expect !== 'ignored')) {
		problems.push(`${where}: every value refused, yet ${calls.length} request(s) went out: ${calls.map((c) => `${c.method} ${c.path.slice(0, 80)}`).join(', ')}`);
	}
	return problems;
}

/** Operations whose checks run once for all items: one run per bad value, so each is item 0. */
const BATCH = new Set(['forms fileContact.addMany']);

async function probeParam(op: Operation, param: Param): Promise<string[]> {
	const values = badValuesFor(op.key, param, `${op.resource}.${op.operation}`);
	if (!BATCH.has(`${op.key} ${op.resource}.${op.operation}`)) return await probe(op, param, values);
	const problems: string[] = [];
	for (const value of values) problems.push(...(await probe(op, param, [value])));
	return problems;
}

beforeAll(async () => {
	env = await startEnv({ rateLimits: { forms: { limit: 1_000_000 }, listings: { limit: 1_000_000 }, offers: { limit: 1_000_000 } } });
	sample();
});
afterAll(async () => env.close());

const ALL: Operation[] = (['forms', 'skyslope', 'offers'] as NodeKey[]).flatMap((key) => operationsOf(key, descriptionOf(key).properties));

const valuesOf = (op: Operation, param: Param) => badValuesFor(op.key, param, `${op.resource}.${op.operation}`);

it('the table covers every operation of the three services (one per operation file)', () => {
	const files = (folder: string) =>
		readdirSync(join(__dirname, '../../nodes/SkySlope', folder, 'actions'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.operation.ts')).length;
	const count = (key: NodeKey) => ALL.filter((op) => op.key === key).length;
	expect({ forms: count('forms'), skyslope: count('skyslope'), offers: count('offers') }).toEqual({
		forms: files('forms'),
		// Get Form of listings and of sales is derived from their form-driven writes: no file of its own.
		skyslope: files('listingsSales') + 2,
		offers: files('offers'),
	});
	// Operations left without a bad value have no parameter to get wrong (health, profile, lists without ids).
	const without = ALL.filter((op) => !op.params.some((p) => valuesOf(op, p).length > 0)).map((op) => `${op.key} ${op.resource}.${op.operation}`);
	// directoryContact.create has only mapped fields: the service judges those (see "values the service judges" below).
	expect(without.sort()).toEqual(['forms user.getProfile', 'skyslope directoryContact.create', 'skyslope service.checkHealth', 'skyslope subscriber.get']);
});

describe.each(['forms', 'skyslope', 'offers'] as NodeKey[])('%s: every bad value refused before any request', (key) => {
	for (const op of ALL.filter((o) => o.key === key)) {
		for (const param of op.params) {
			if (valuesOf(op, param).length === 0) continue;
			const name = `${op.key} ${op.resource}.${op.operation} ${param.path.join('.')}`;
			const bug = KNOWN_BUGS[name];
			const test = bug ? it.failing : it;
			test(`${op.resource}.${op.operation} ${param.path.join('.')}${bug ? ` (known bug: ${bug})` : ''}`, async () => {
				expect(await probeParam(op, param)).toEqual([]);
			});
		}
	}
	it('without continue-on-fail the run stops with a NodeOperationError for the item; the next run works', async () => {
		const bad: Record<NodeKey, INodeParameters> = {
			forms: { resource: 'file', operation: 'get', fileId: byId('={{ $json.v }}') },
			skyslope: { resource: 'listing', operation: 'get', listingGuid: byId('={{ $json.v }}') },
			offers: { resource: 'report', operation: 'get', startDate: '={{ $json.v }}', endDate: '2024-01-31' },
		};
		const since = env.mark();
		const good: Record<NodeKey, string> = {
			forms: String((baselines.forms.fileId as { value: string }).value),
			skyslope: String((baselines.skyslope.listingGuid as { value: string }).value),
			offers: '2024-01-01',
		};
		const stopped = await env.run(key, bad[key], { input: [{ json: { v: good[key] } }, { json: { v: key === 'offers' ? '2024-02-30' : '../1' } }] });
		expect(stopped.error?.name).toBe('NodeOperationError');
		expect(stopped.error?.message).toMatch(/\[item 1\]$/);
		expect((stopped.error as { context?: IDataObject } | undefined)?.context?.itemIndex).toBe(1);
		// Item 0 was good and may have been sent; item 1 never was.
		expect(env.calls(key, since).length).toBeLessThanOrEqual(1);

		const parameters: Record<NodeKey, INodeParameters> = {
			forms: { resource: 'file', operation: 'get', fileId: baselines.forms.fileId },
			skyslope: { resource: 'listing', operation: 'get', listingGuid: baselines.skyslope.listingGuid },
			offers: { resource: 'offer', operation: 'get', offerId: baselines.offers.offerId },
		};
		const result = await env.run(key, parameters[key]);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toHaveLength(1);
	});
});

describe('values only the service can judge pass through unchanged, and its answer surfaces', () => {
	it("SkySlope listing create: a script in a mapped field is sent as written; the service's 422 reaches the user with its errors", async () => {
		const ls = env.listings.store;
		const office = ls.offices[0];
		const agent = ls.users.find((u) => u.userType === 'Agent' && u.officeGuid === office.officeGuid)!;
		const checklist = ls.checklistTypes.find((c) => c.officeGuid === office.officeGuid && c.transactionType === 'Listing')!;
		// Every field the form requires (the node checks those against the form before sending).
		const required = {
			listingPrice: 1,
			listingDate: '2026-03-01T00:00:00Z',
			expirationDate: '2026-09-01T00:00:00Z',
			'property.streetNumber': '1',
			'property.streetAddress': 'Elm St',
			'property.city': 'Austin',
			'property.state': 'TX',
			'property.zip': '78701',
		};
		const create = async (mlsNumber: string, fields: Record<string, unknown> = {}) =>
			await env.run(
				'skyslope',
				{
					resource: 'listing',
					operation: 'create',
					officeGuid: byId(office.officeGuid),
					checklistTypeId: checklist.checklistTypeId,
					agentGuid: byId(agent.userGuid),
					columns: { mappingMode: 'defineBelow', value: { ...required, mlsNumber, ...fields }, matchingColumns: [], schema: [] },
				},
				{ continueOnFail: true },
			);
		const since = env.mark();
		const r = await create(SCRIPT);
		const [sent] = env.calls('skyslope', since).filter((c) => c.method === 'POST');
		expect(JSON.stringify(sent.body)).toContain(JSON.stringify(SCRIPT).slice(1, -1));
		const [item] = jsonOf(r);
		expect(item.httpCode).toBe('422');
		expect(String(item.error)).toBe('SkySlope Listings & Sales answered 422: The request contains potentially dangerous content (script injection) [item 0]');

		// Text the service refuses for several fields: every entry of its errors reaches the user too.
		const [rejected] = jsonOf(await create('just text', { listingDate: 'soon', expirationDate: 'later' }));
		expect(rejected.httpCode).toBe('422');
		expect(String(rejected.description)).toMatch(/expirationDate: must be an ISO 8601 date-time/);
	});

	it('SkySlope contact create and Forms contact add: script-like names are sent byte for byte', async () => {
		let since = env.mark();
		const r = await env.run('skyslope', {
			resource: 'directoryContact',
			operation: 'create',
			columns: { mappingMode: 'defineBelow', value: { firstName: SCRIPT, lastName: "O'Brien; DROP TABLE" }, matchingColumns: [], schema: [] },
		}, { continueOnFail: true });
		const [sent] = env.calls('skyslope', since).filter((c) => c.method === 'POST');
		expect(JSON.stringify(sent.body)).toContain(JSON.stringify(SCRIPT).slice(1, -1));
		expect(jsonOf(r)).toHaveLength(1);

		since = env.mark();
		const f = await env.run('forms', {
			resource: 'fileContact',
			operation: 'add',
			fileId: baselines.forms.fileId,
			contactType: 'Buyer',
			firstName: SCRIPT,
			lastName: 'Ability',
		});
		expect(f.error).toBeUndefined();
		const [post] = env.calls('forms', since).filter((c) => c.method === 'POST');
		expect((post.body as IDataObject).firstName).toBe(SCRIPT);
	});

	it('Forms Upload: a PDF over 25 MB and a file that is not a PDF are refused before any request, naming the field and item', async () => {
		const big = Buffer.alloc(25 * 1024 * 1024 + 1, 0x20);
		tinyPdf.copy(big);
		const notPdf = Buffer.from('PK\u0003\u0004 a zip, not a pdf');
		const input: INodeExecutionData[] = [
			{ json: {}, binary: { data: binary(big, 'big.pdf', 'application/pdf') } },
			{ json: {}, binary: { data: binary(notPdf, 'fake.pdf', 'application/pdf') } },
		];
		const since = env.mark();
		const r = await env.run(
			'forms',
			{ resource: 'document', operation: 'upload', fileId: baselines.forms.fileId, binaryPropertyName: 'data' },
			{ input, continueOnFail: true },
		);
		const [a, b] = jsonOf(r);
		expect(String(a.error)).toMatch(/^Input Binary Field: .*25 MB \[item 0\]$/);
		expect(String(b.error)).toMatch(/^Input Binary Field: .*not a PDF.*\[item 1\]$/);
		expect(env.calls('forms', since)).toEqual([]);
	});
});
