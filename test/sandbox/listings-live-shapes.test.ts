// The listings sandbox answering in the other shapes clients of the live service report: the
// payload under `values`, a single office as `{ guid, name }`, a warning on every write, and a 500
// for a document's file name sent as a query parameter. Off, each answer is as before.
import { WRITE_WARNING } from '../../sandbox/listings/live';
import { Listings } from '../../harness/listings-client';

const api = Listings.use({ rateLimits: { listings: { limit: 10000 } } });
afterEach(() => api.sandbox.setLive({}));

describe('listings sandbox: other shapes of the same answer (live switches)', () => {
	it('valuesPayload: the envelope carries its payload under `values`, nothing else changed', async () => {
		const plain = await api.get('/api/offices');
		api.sandbox.setLive({ valuesPayload: true });
		const live = await api.get('/api/offices');
		const { value, ...rest } = plain.json;
		expect(live.json).toEqual({ ...rest, values: value });
		expect(live.json).not.toHaveProperty('value');
	});

	it('shortOfficeKeys: a single office as { guid, name }; the office list keeps officeGuid/officeName', async () => {
		const office = api.state.store.offices[0];
		api.sandbox.setLive({ shortOfficeKeys: true });
		const one = await api.get(`/api/offices/${office.officeGuid}`);
		const read = (one.json.value as { office: Record<string, unknown> }).office;
		expect(read).toMatchObject({ guid: office.officeGuid, name: office.officeName });
		expect(read).not.toHaveProperty('officeGuid');
		const list = (await api.get('/api/offices')).json.value as { offices: Array<Record<string, unknown>> };
		expect(list.offices[0]).toMatchObject({ officeGuid: office.officeGuid, officeName: office.officeName });
	});

	it('writeWarnings: a write answers 200 with the warning after its own; a 204 becomes a 200 with it; reads and login do not', async () => {
		api.sandbox.setLive({ writeWarnings: true });
		const first = { firstName: 'Wen', lastName: 'Warning', email: 'wen@example.com' };
		const created = await api.call('POST', '/api/contacts', first);
		expect(created.status).toBe(200);
		expect(created.json.warnings).toEqual([WRITE_WARNING]);
		const twice = await api.call('POST', '/api/contacts', first);
		expect(twice.json.warnings).toHaveLength(2);
		expect(twice.json.warnings?.[1]).toBe(WRITE_WARNING);
		const guid = String((created.json.value as { contactGuid: string }).contactGuid);
		const deleted = await api.call('DELETE', `/api/contacts/${guid}`);
		expect(deleted.status).toBe(200);
		expect(deleted.json).toEqual({ warnings: [WRITE_WARNING] });
		expect(api.state.store.contacts.has(guid)).toBe(false);
		expect((await api.get('/api/offices')).json.warnings).toBeNull();
		expect((await api.loginRaw()).json).not.toHaveProperty('warnings');
		api.sandbox.setLive({});
		const other = await api.call('POST', '/api/contacts', { firstName: 'No', lastName: 'Switch' });
		const otherGuid = String((other.json.value as { contactGuid: string }).contactGuid);
		expect((await api.call('DELETE', `/api/contacts/${otherGuid}`)).status).toBe(204);
	});

	it('documentQuery500: a document file name in the query answers 500; in the body (either case) it renames', async () => {
		const listing = [...api.state.store.listings.values()].find((l) => l.documents.length > 0)!;
		const doc = listing.documents[0];
		const path = `/api/files/listings/${listing.dto.listingGuid}/documents/${doc.documentGuid}`;
		api.sandbox.setLive({ documentQuery500: true });
		const before = doc.fileName;
		const byQuery = await api.call('PATCH', `${path}?FileName=Query.pdf`, {});
		expect(byQuery.status).toBe(500);
		expect(doc.fileName).toBe(before);
		expect((await api.call('PATCH', `${path}?fileName=Query.pdf`, { documentStatusId: 2 })).status).toBe(500);
		expect((await api.call('PATCH', path, { FileName: 'Body.pdf' })).status).toBe(200);
		expect(doc.fileName).toBe('Body.pdf');
		expect((await api.call('PATCH', path, { fileName: 'body.pdf' })).status).toBe(200);
		expect(doc.fileName).toBe('body.pdf');
		// Off (the documents' reading: the body is the form), the query is not read at all.
		api.sandbox.setLive({});
		const off = await api.call('PATCH', `${path}?FileName=Query.pdf`, { documentStatusId: 2 });
		expect(off.status).toBe(200);
		expect(doc.fileName).toBe('body.pdf');
	});
});
