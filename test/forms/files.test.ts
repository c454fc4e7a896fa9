import type { INodeProperties } from 'n8n-workflow';

import { SkySlope } from '../../nodes/SkySlope/SkySlope.node';
import { USERS } from '../../sandbox/forms';
import { byId, fromList, jsonOf, useForms } from '../../harness/forms-env';

const env = useForms({ scale: { files: 600 } });

/** A file of the caller's, by its position among the seeded ones. */
function callerFile(n = 0) {
	return [...env.state.store.files.values()].filter((f) => f.type === 'File' && f.ownedBy === USERS.caller && !f.isDeleted)[n];
}

describe('File > Get Many', () => {
	it('returns records, not the wrapper, up to the limit, in one request of that size', async () => {
		const result = await env.run({ resource: 'file', operation: 'getAll', limit: 7 });
		expect(result.error).toBeUndefined();
		const files = jsonOf(result);
		expect(files).toHaveLength(7);
		expect(files[0]).toHaveProperty('id');
		expect(files[0]).not.toHaveProperty('totalRecords');
		const sent = env.api('GET', /\/files$/);
		expect(sent).toHaveLength(1);
		expect(sent[0].query).toMatchObject({ page: '1', pageSize: '7' });
		expect(result.output[0].every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it('with Return All, pages with the largest page size (500) until the total', async () => {
		const result = await env.run({ resource: 'file', operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		const total = [...env.state.store.files.values()].filter((f) => f.type === 'File' && env.state.store.canAccess(f)).length;
		expect(jsonOf(result)).toHaveLength(total);
		const sent = env.api('GET', /\/files$/);
		expect(sent.map((r) => [r.query.page, r.query.pageSize])).toEqual([
			['1', '500'],
			['2', '500'],
		]);
		expect(new Set(jsonOf(result).map((f) => f.id)).size).toBe(total);
	});

	it('builds the Sieve filter and sort from the options', async () => {
		const result = await env.run({
			resource: 'file',
			operation: 'getAll',
			returnAll: true,
			filters: {
				representationType: 'Buyer',
				createdAfter: '2025-01-01',
				createdBefore: '2025-12-31T23:59:59Z',
				name: 'Oak, St',
			},
			sort: { field: 'name', direction: 'asc' },
		});
		expect(result.error).toBeUndefined();
		const [sent] = env.api('GET', /\/files$/);
		expect(sent.query.filters).toBe(
			'representationtype==Buyer,name@=*Oak\\, St,(createddate)>=2025-01-01T00:00:00.000Z,(createddate)<=2025-12-31T23:59:59.000Z',
		);
		expect(sent.query.sorts).toBe('name');
		for (const file of jsonOf(result)) expect(file.representationType).toBe('Buyer');
	});

	it('sorts by each offered field as the service reads it, descending unless asked otherwise', async () => {
		await env.run({ resource: 'file', operation: 'getAll', limit: 50, sort: { field: 'status' } });
		await env.run({ resource: 'file', operation: 'getAll', limit: 50, sort: { field: 'mlsnumber', direction: 'asc' } });
		const [byStatus, byMls] = env.api('GET', /\/files$/);
		expect([byStatus.query.sorts, byMls.query.sorts]).toEqual(['-status', 'mlsnumber']);
		expect([byStatus.status, byMls.status]).toEqual([200, 200]);
	});

	it('refuses a field the list item does not have (Closing Date) before any request, naming the choices', async () => {
		const refused = await env.run({ resource: 'file', operation: 'getAll', limit: 5, sort: { field: 'closingdate' } });
		expect(refused.error?.message).toMatch(/^Sort By: must be one of createddate, lastupdated, mlsnumber, name, status, got "closingdate" \[item 0\]$/);
		expect(env.api('GET', /\/files$/)).toHaveLength(0);
	});

	it("offers the list item's fields to sort by, and one Sort field only", () => {
		const sorts = new SkySlope().description.properties.filter(
			(p) => p.name === 'sort' && p.displayOptions?.show?.operation?.[0] === 'getAll' && p.displayOptions?.show?.resource?.[0] === 'file',
		);
		expect(sorts).toHaveLength(1);
		const fields = ((sorts[0].options ?? []) as INodeProperties[]).filter((o) => o.name === 'field');
		expect(fields.flatMap((o) => (o.options as Array<{ value: string }>).map((v) => v.value))).toEqual(['createddate', 'lastupdated', 'mlsnumber', 'name', 'status']);
	});

	it('refuses a bad date before any request, naming the parameter and the item', async () => {
		const result = await env.run({
			resource: 'file',
			operation: 'getAll',
			filters: { createdAfter: 'next tuesday' },
		});
		expect(result.error?.message).toMatch(/Created After.*not a date.*item 0/);
		expect(env.api()).toHaveLength(0);
	});
});

describe('File > Get', () => {
	it('gets a file picked from the list, simplified', async () => {
		const file = callerFile(0);
		const result = await env.run({ resource: 'file', operation: 'get', fileId: fromList(file.id) });
		expect(result.error).toBeUndefined();
		const [json] = jsonOf(result);
		expect(json).toMatchObject({ id: file.id, name: file.name, status: file.status, representationType: file.representationType });
		expect(typeof json.address).toBe('string');
		expect(Array.isArray(json.contacts)).toBe(true);
		expect(env.api('GET')[0].path).toBe(`/partner/api/files/${file.id}`);
	});

	it('returns the raw detail with Simplify off', async () => {
		const file = callerFile(1);
		const result = await env.run({ resource: 'file', operation: 'get', fileId: byId(file.id), simplify: false });
		expect(jsonOf(result)[0]).toMatchObject({ id: file.id, meta: { status: file.status }, property: expect.any(Object) });
	});

	it('refuses an ID typed in by ID mode that is not a whole number (the locator validates it)', async () => {
		await expect(env.run({ resource: 'file', operation: 'get', fileId: byId('12a') })).rejects.toThrow(
			/Not a valid file ID/,
		);
		expect(env.api()).toHaveLength(0);
	});

	it('refuses an ID from an expression that is not a whole number, before any request', async () => {
		const result = await env.run({ resource: 'file', operation: 'get', fileId: byId('={{ "12a" }}') });
		expect(result.error?.message).toMatch(/^File: must be a whole number.*item 0/);
		expect(env.api()).toHaveLength(0);
	});

	it('with continueOnFail, a bad item becomes an error item paired with it while the others go on', async () => {
		const file = callerFile(2);
		const result = await env.run(
			{ resource: 'file', operation: 'get', fileId: byId('={{ $json.id }}') },
			{ continueOnFail: true, input: [{ json: { id: file.id } }, { json: { id: 'x' } }, { json: { id: 999999 } }] },
		);
		const items = result.output[0];
		expect(items).toHaveLength(3);
		expect(items[0].json.id).toBe(file.id);
		expect(items[1].json.error).toMatch(/File: must be a whole number.*item 1/);
		expect(items[1].pairedItem).toEqual({ item: 1 });
		expect(items[2].json.error).toMatch(/SkySlope Forms answered 404/);
		expect(items[2].pairedItem).toEqual({ item: 2 });
		// File Get runs items side by side: the requests may reach the service in either order.
		expect(env.api().map((r) => r.path).sort()).toEqual([`/partner/api/files/${file.id}`, '/partner/api/files/999999'].sort());
	});

	it("carries the service's message, errors and trace ID into the node error", async () => {
		const result = await env.run({ resource: 'file', operation: 'get', fileId: byId(999999) });
		expect(result.error?.message).toMatch(/SkySlope Forms answered 404: File 999999 was not found/);
		expect(result.error?.description).toMatch(/Trace ID \(for SkySlope support\): [0-9a-f]{32}/);
	});
});

describe('File > Create', () => {
	it('creates a file with property and MLS number, without import', async () => {
		const result = await env.run({
			resource: 'file',
			operation: 'create',
			name: '12 Test Way',
			representationType: 'Seller',
			mlsNumber: 'ML1234',
			property: { address: { streetNumber: '12', streetName: 'Test Way', city: 'Sacramento', state: 'ca', postalCode: '95814' } },
		});
		expect(result.error).toBeUndefined();
		const [json] = jsonOf(result);
		expect(json).toEqual({ fileId: expect.any(Number) });
		const [sent] = env.api('POST', /\/files$/);
		expect(sent.query).toEqual({});
		expect(sent.body).toEqual({
			name: '12 Test Way',
			representationType: 'Seller',
			mlsNumber: 'ML1234',
			property: { streetNumber: '12', streetName: 'Test Way', city: 'Sacramento', state: 'CA', postalCode: '95814' },
		});
		expect(env.state.store.files.get(json.fileId as number)?.mlsNumber).toBe('ML1234');
	});

	it('returns the MLS outcome as it comes, on behalf of a collaborator', async () => {
		const result = await env.run({
			resource: 'file',
			operation: 'create',
			name: 'No match file',
			representationType: 'Buyer',
			importMls: true,
			mlsNumber: 'NM0001',
			onBehalfOf: fromList(USERS.riley),
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toEqual({ fileId: expect.any(Number), mlsImport: { status: 'not_imported', reason: 'no_match' } });
		const [sent] = env.api('POST', /\/files$/);
		expect(sent.query).toEqual({ importMls: 'true' });
		expect(sent.body).toMatchObject({ onBehalfOf: USERS.riley, mlsNumber: 'NM0001' });
	});

	it('turns an import problem into an error when asked, sent once and never retried', async () => {
		const result = await env.run({
			resource: 'file',
			operation: 'create',
			name: 'Timed out import',
			representationType: 'Buyer',
			importMls: true,
			mlsNumber: 'TO0001',
			options: { errorOnImportProblem: true },
		});
		expect(result.error?.message).toBe('MLS import unknown [item 0]');
		expect(result.error?.description).toMatch(/File \d+ exists/);
		expect(env.api('POST')).toHaveLength(1);
	});

	it('is not retried after a 503 (a second create would be a second file)', async () => {
		env.sandbox.setFaults([{ service: 'forms', path: '^/partner/api/files$', method: 'POST', errorRate: 1, errorStatus: 503, times: 1 }]);
		try {
			const result = await env.run({ resource: 'file', operation: 'create', name: 'Once', representationType: 'Buyer' });
			expect(result.error?.message).toMatch(/503/);
			expect(env.api('POST')).toHaveLength(1);
		} finally {
			env.sandbox.setFaults([]);
		}
	});

	it('refuses a bad state code before any request', async () => {
		const result = await env.run({
			resource: 'file',
			operation: 'create',
			name: 'Bad',
			representationType: 'Buyer',
			property: { address: { state: 'California' } },
		});
		expect(result.error?.message).toMatch(/^Property Address State: must be a two-letter state code.*\[item 0\]$/);
		expect(env.api()).toHaveLength(0);
	});
});

describe('File > Update Details', () => {
	it('sends only the given fields, dates as YYYY-MM-DD', async () => {
		const file = callerFile(3);
		const result = await env.run({
			resource: 'file',
			operation: 'updateDetails',
			fileId: byId(file.id),
			updateFields: { closingDate: '2026-03-01T00:00:00', purchasePrice: 510000 },
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toMatchObject({ fileId: file.id, didAddendumsChange: expect.any(Boolean) });
		const [sent] = env.api('PATCH');
		expect(sent.path).toBe(`/partner/api/files/${file.id}`);
		expect(sent.body).toEqual({ fileData: { purchasePrice: 510000, closingDate: '2026-03-01' } });
		expect(env.state.store.files.get(file.id)?.closingDate).toBe('2026-03-01');
	});

	it('refuses an impossible date, naming the field', async () => {
		const file = callerFile(3);
		const result = await env.run({
			resource: 'file',
			operation: 'updateDetails',
			fileId: byId(file.id),
			updateFields: { acceptanceDate: '2026-02-30' },
		});
		expect(result.error?.message).toMatch(/^Acceptance Date: is not a date/);
		expect(env.api()).toHaveLength(0);
	});

	it('refuses an update with nothing to change', async () => {
		const result = await env.run({ resource: 'file', operation: 'updateDetails', fileId: byId(callerFile(3).id) });
		expect(result.error?.message).toMatch(/Update Fields: add at least one field/);
		expect(env.api()).toHaveLength(0);
	});
});

describe('File > Replace', () => {
	it('sends the full replace body; omitted dates are cleared', async () => {
		const file = callerFile(4);
		file.closingDate = '2026-01-15';
		const kept = file.contacts[0];
		const result = await env.run({
			resource: 'file',
			operation: 'replace',
			fileId: byId(file.id),
			property: { address: { streetNumber: '1', streetName: 'New St', city: 'Austin', state: 'TX', postalCode: '78704' } },
			contacts: JSON.stringify([
				{ ...kept, contactInformation: { x: 1 }, createdBy: 'someone' },
				{ type: 'Buyer', firstName: 'Pat', lastName: 'Newbuyer', actionAttribute: 'NeedsToSign', email: 'pat@example.com' },
			]),
			commissions: { commission: [{ type: 'Listing', calculationType: 'Flat', amount: 9000 }] },
			fields: { acceptanceDate: '2026-01-02', purchasePrice: 400000 },
		});
		expect(result.error).toBeUndefined();
		const [sent] = env.api('PUT');
		const body = sent.body as { contacts: Array<Record<string, unknown>>; closingDateTime?: string };
		expect(body).toMatchObject({
			property: { streetName: 'New St', state: 'TX' },
			commissions: [{ type: 'Listing', calculationType: 'Flat', amount: 9000 }],
			acceptanceDateTime: '2026-01-02',
			purchasePrice: 400000,
		});
		expect(body.closingDateTime).toBeUndefined();
		expect(body.contacts[0]).toMatchObject({ id: kept.id, type: kept.type });
		expect(body.contacts[0]).not.toHaveProperty('contactInformation');
		expect(body.contacts[0]).not.toHaveProperty('createdBy');
		expect(env.state.store.files.get(file.id)?.closingDate).toBeNull();
		expect(jsonOf(result)[0]).toMatchObject({ fileId: file.id, contacts: expect.any(Array), commissions: expect.any(Array) });
	});

	it('takes the contacts as fields too (n8n fills the rows with their defaults)', async () => {
		const file = callerFile(8);
		const kept = { id: file.contacts[0].id, type: file.contacts[0].type };
		const result = await env.run({
			resource: 'file',
			operation: 'replace',
			fileId: byId(file.id),
			property: { address: { streetName: 'Field St', state: 'CA' } },
			contactsMode: 'fields',
			contactRows: {
				contact: [
					{ type: 'Seller', firstName: 'Fay', lastName: 'Fields', actionAttribute: 'NeedsToSign', email: 'fay@example.com' },
					{ id: String(kept.id), type: kept.type, firstName: 'Kept', lastName: 'Contact' },
				],
			},
		});
		expect(result.error).toBeUndefined();
		expect((env.api('PUT')[0].body as { contacts: unknown[] }).contacts).toEqual([
			{ type: 'Seller', firstName: 'Fay', lastName: 'Fields', actionAttribute: 'NeedsToSign', email: 'fay@example.com', isEntity: false },
			{ id: kept.id, type: kept.type, firstName: 'Kept', lastName: 'Contact', actionAttribute: 'NoAction', isEntity: false },
		]);
		expect(env.state.store.files.get(file.id)?.contacts.map((c) => c.firstName)).toEqual(['Fay', 'Kept']);
	});

	it('refuses contacts that are not a JSON array, before any request', async () => {
		const result = await env.run({
			resource: 'file',
			operation: 'replace',
			fileId: byId(callerFile(4).id),
			contacts: '{"type":"Buyer"}',
		});
		expect(result.error?.message).toMatch(/Contacts \(JSON\): must be a JSON array/);
		expect(env.api()).toHaveLength(0);
	});
});

describe('File > Import MLS', () => {
	it('returns the outcome and sends shouldOverride as a JSON boolean', async () => {
		const file = callerFile(5);
		const result = await env.run({
			resource: 'file',
			operation: 'importMls',
			fileId: byId(file.id),
			mlsNumber: 'ML777',
			shouldOverride: true,
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toEqual({ fileId: file.id, mlsImport: { status: 'imported', importedCount: 3 } });
		expect(env.api('POST')[0]).toMatchObject({
			path: `/partner/api/files/${file.id}/mls-import`,
			body: { mlsNumber: 'ML777', shouldOverride: true },
		});
	});

	it('fails on failed with the option, and is sent once', async () => {
		const result = await env.run({
			resource: 'file',
			operation: 'importMls',
			fileId: byId(callerFile(5).id),
			mlsNumber: 'PE1',
			options: { errorOnImportProblem: true },
		});
		expect(result.error?.message).toBe('MLS import failed (provider_error) [item 0]');
		expect(env.api('POST')).toHaveLength(1);
	});
});

describe('File > Apply Template', () => {
	it('applies a template picked by ID', async () => {
		const file = callerFile(6);
		const template = [...env.state.store.files.values()].find((f) => f.type === 'Template')!;
		const before = env.state.store.liveDocuments(file.id).length;
		const result = await env.run({
			resource: 'file',
			operation: 'applyTemplate',
			fileId: byId(file.id),
			templateId: byId(template.id),
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toEqual({ fileId: file.id });
		expect(env.api('POST')[0]).toMatchObject({ path: `/partner/api/files/${file.id}/templates`, body: { templateId: template.id } });
		expect(env.state.store.liveDocuments(file.id).length).toBeGreaterThan(before);
	});

	it('passes a 404 for an On Behalf Of without a grant through as the service said it', async () => {
		const template = [...env.state.store.files.values()].find((f) => f.type === 'Template')!;
		const result = await env.run({
			resource: 'file',
			operation: 'applyTemplate',
			fileId: byId(callerFile(6).id),
			templateId: byId(template.id),
			onBehalfOf: byId(USERS.taylor),
		});
		expect(result.error?.message).toMatch(/404: No delegate access grant/);
		expect(env.api('POST')[0].body).toMatchObject({ onBehalfOf: USERS.taylor });
	});
});

describe('File > Subscribe to Signed Documents', () => {
	it('subscribes, and a second subscription (208) still counts as subscribed', async () => {
		const file = callerFile(7);
		const params = { resource: 'file', operation: 'subscribe', fileId: byId(file.id), webhookUrl: 'https://example.com/hook' };
		const first = await env.run(params);
		expect(jsonOf(first)[0]).toEqual({ fileId: file.id, subscribed: true, alreadySubscribed: false });
		const second = await env.run(params);
		expect(second.error).toBeUndefined();
		expect(jsonOf(second)[0]).toMatchObject({ fileId: file.id, subscribed: true, alreadySubscribed: true });
		expect(env.api('POST').map((r) => r.status)).toEqual([200, 208]);
		expect(env.api('POST')[0].body).toEqual({ webhookUrl: 'https://example.com/hook' });
	});

	it('refuses a URL that is not absolute, before any request', async () => {
		const result = await env.run({ resource: 'file', operation: 'subscribe', fileId: byId(callerFile(7).id), webhookUrl: '/hook' });
		expect(result.error?.message).toMatch(/Webhook URL: must be an absolute http\(s\) URL/);
		expect(env.api()).toHaveLength(0);
	});
});
