import { USERS } from '../../sandbox/forms';
import { byId, jsonOf, useForms } from '../../harness/forms-env';

const env = useForms();

function signedRecord() {
	const record = env.state.store.signed.find((r) => env.state.store.files.get(r.fileId)?.ownedBy === USERS.caller);
	if (!record) throw new Error('the seed has no signed document of the caller');
	return record;
}

function fileWithEnvelopes(min = 1) {
	return [...env.state.store.files.values()].find(
		(f) => f.type === 'File' && f.ownedBy === USERS.caller && !f.isDeleted && env.state.store.envelopesOf(f.id).length >= min,
	)!;
}

describe('Signed Document', () => {
	it('Get Many for a File accepts the bare-array answer', async () => {
		const record = signedRecord();
		env.state.store.signedDocumentsShape = 'array';
		const result = await env.run({ resource: 'signedDocument', operation: 'getAllForFile', fileId: byId(record.fileId), returnAll: true });
		expect(result.error).toBeUndefined();
		const expected = env.state.store.signed.filter((r) => r.fileId === record.fileId).length;
		expect(jsonOf(result)).toHaveLength(expected);
		expect(jsonOf(result)[0]).toMatchObject({ fileId: record.fileId, envelopeDocumentId: expect.any(Number) });
		expect(env.api('GET')[0].path).toBe(`/partner/api/documents/signed/${record.fileId}`);
	});

	it('Get Many for an Envelope accepts the {totalRecords, documents} answer', async () => {
		const record = signedRecord();
		env.state.store.signedDocumentsShape = 'object';
		try {
			const result = await env.run({
				resource: 'signedDocument',
				operation: 'getAllForEnvelope',
				fileId: byId(record.fileId),
				envelopeId: byId(record.formsEnvelopeId),
				returnAll: true,
			});
			expect(result.error).toBeUndefined();
			const records = jsonOf(result);
			expect(records.length).toBeGreaterThan(0);
			for (const r of records) expect(r.formsEnvelopeId).toBe(record.formsEnvelopeId);
			expect(env.api('GET')[0].path).toBe(
				`/partner/api/documents/signed/${record.fileId}/envelopes/${record.formsEnvelopeId}`,
			);
		} finally {
			env.state.store.signedDocumentsShape = 'array';
		}
	});
});

describe('Envelope', () => {
	it('Get Many sends filters and the Sort collection, and returns the records in that order', async () => {
		const file = fileWithEnvelopes(2);
		const result = await env.run({
			resource: 'envelope',
			operation: 'getAll',
			fileId: byId(file.id),
			returnAll: true,
			filters: { sentAfter: '2020-01-01' },
			sort: { field: 'name', direction: 'asc' },
		});
		expect(result.error).toBeUndefined();
		const names = jsonOf(result).map((e) => String(e.name).toLowerCase());
		expect(names).toHaveLength(env.state.store.envelopesOf(file.id).length);
		expect(names).toEqual([...names].sort());
		expect(env.api('GET')[0]).toMatchObject({
			path: `/partner/api/files/${file.id}/envelopes`,
			query: { page: '1', pageSize: '500', filters: '(datesent)>=2020-01-01T00:00:00.000Z', sorts: 'name' },
		});
	});

	it('Get Many sorts descending by default and takes a custom Sieve sort before the field', async () => {
		const file = fileWithEnvelopes(1);
		await env.run({ resource: 'envelope', operation: 'getAll', fileId: byId(file.id), limit: 5, sort: { field: 'datesent' } });
		await env.run({
			resource: 'envelope',
			operation: 'getAll',
			fileId: byId(file.id),
			limit: 5,
			sort: { field: 'datesent', custom: 'status,-name' },
		});
		await env.run({ resource: 'envelope', operation: 'getAll', fileId: byId(file.id), limit: 5 });
		const [byField, custom, none] = env.api('GET');
		expect(byField.query.sorts).toBe('-datesent');
		expect(custom.query.sorts).toBe('status,-name');
		expect(none.query.sorts).toBeUndefined();
	});

	it('Get Many refuses a sort field it does not know before any request, naming Sort By and the item', async () => {
		const file = fileWithEnvelopes(1);
		const result = await env.run({ resource: 'envelope', operation: 'getAll', fileId: byId(file.id), sort: { field: 'closingdate' } });
		expect(result.error?.message).toMatch(/Sort By.*must be one of.*datesent.*\[item 0\]/);
		expect(env.api()).toHaveLength(0);
	});

	it('Create sends the name and document IDs', async () => {
		const file = fileWithEnvelopes(1);
		const docs = env.state.store.liveDocuments(file.id).slice(0, 2).map((d) => d.id);
		const result = await env.run({
			resource: 'envelope',
			operation: 'create',
			fileId: byId(file.id),
			envelopeName: 'Please sign',
			documentIds: docs,
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toEqual({ fileId: file.id, envelope: { id: expect.any(Number), name: 'Please sign' } });
		expect(env.api('POST')[0]).toMatchObject({
			path: `/partner/api/files/${file.id}/envelopes`,
			body: { envelopeName: 'Please sign', documentIds: docs },
		});
	});

	it('Create refuses an empty name before any request', async () => {
		const result = await env.run({
			resource: 'envelope',
			operation: 'create',
			fileId: byId(fileWithEnvelopes(1).id),
			envelopeName: '={{ "  " }}',
			documentIds: [1],
		});
		expect(result.error?.message).toMatch(/^Envelope Name: is required/);
		expect(env.api()).toHaveLength(0);
	});
});

describe('Template, Form, Library, Collaborator, User', () => {
	it('Template > Get Many lists personal or broker templates', async () => {
		const personal = await env.run({ resource: 'template', operation: 'getAll', returnAll: true });
		const broker = await env.run({ resource: 'template', operation: 'getAll', templateType: 'BrokerTemplate', limit: 2 });
		expect(jsonOf(personal).every((t) => t.type === 'Template')).toBe(true);
		expect(jsonOf(broker)).toHaveLength(2);
		expect(jsonOf(broker).every((t) => t.type === 'BrokerTemplate')).toBe(true);
		expect(env.api('GET').map((r) => r.query)).toEqual([{ type: 'Template' }, { type: 'BrokerTemplate' }]);
	});

	it('Form > Get Many lists the forms of the chosen libraries, a page of 500', async () => {
		const result = await env.run({ resource: 'form', operation: 'getAll', libraryIds: [13], returnAll: true });
		expect(result.error).toBeUndefined();
		const forms = jsonOf(result);
		expect(forms.length).toBeGreaterThan(0);
		expect(forms.every((f) => f.libraryId === 13)).toBe(true);
		expect(env.api('GET')[0].query).toEqual({ libraryIds: '13', page: '1', pageSize: '500' });
	});

	it('Form > Get Many sends several libraries as a repeated parameter (form style, exploded), never joined', async () => {
		const result = await env.run({ resource: 'form', operation: 'getAll', libraryIds: [11, 13, 11], returnAll: true });
		expect(result.error).toBeUndefined();
		const libraries = new Set(jsonOf(result).map((f) => f.libraryId));
		expect(libraries).toEqual(new Set([11, 13]));
		const [sent] = env.api('GET');
		expect(sent.query).toEqual({ libraryIds: ['11', '13'], page: '1', pageSize: '500' });
	});

	it('Form > Get Many with a limit asks for just that many', async () => {
		const result = await env.run({ resource: 'form', operation: 'getAll', limit: 3 });
		expect(jsonOf(result)).toHaveLength(3);
		expect(env.api('GET')[0].query).toEqual({ page: '1', pageSize: '3' });
	});

	it('refuses a Limit that is not a whole number of 1 or more, before any request', async () => {
		const result = await env.run({ resource: 'library', operation: 'getAll', limit: '={{ 0 }}' });
		expect(result.error?.message).toMatch(/^Limit: must be a whole number from 1 to/);
		expect(env.api()).toHaveLength(0);
	});

	it('Library > Get Many', async () => {
		const result = await env.run({ resource: 'library', operation: 'getAll', returnAll: true });
		expect(jsonOf(result).map((l) => l.id)).toEqual([11, 12, 13]);
	});

	it('Collaborator > Get Many, optionally only those who share access', async () => {
		const all = await env.run({ resource: 'collaborator', operation: 'getAll', returnAll: true });
		expect(jsonOf(all)).toHaveLength(4);
		const receiving = await env.run({ resource: 'collaborator', operation: 'getAll', returnAll: true, receivingOnly: true });
		expect(jsonOf(receiving).map((c) => c.id)).toEqual([USERS.riley, USERS.morgan, USERS.frontDesk]);
	});

	it('User > Get Profile', async () => {
		const result = await env.run({ resource: 'user', operation: 'getProfile' });
		expect(jsonOf(result)[0]).toMatchObject({ id: USERS.caller, firstName: 'Avery', subscriberId: '7100' });
		expect(env.api('GET')[0].path).toBe('/partner/api/users/profile');
	});
});

describe('transport through the credential', () => {
	it('renews an expired token once, silently, and keeps the new one', async () => {
		const before = (env.credentials.oauthTokenData as { access_token: string }).access_token;
		env.sandbox.expireAuth('forms');
		const result = await env.run({ resource: 'user', operation: 'getProfile' });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0].id).toBe(USERS.caller);
		const after = (env.credentials.oauthTokenData as { access_token: string }).access_token;
		expect(after).not.toBe(before);
		expect(env.api('GET').map((r) => r.status)).toEqual([401, 200]);
	});

	it('retries a GET on 503, but not a POST', async () => {
		env.sandbox.setFaults([{ service: 'forms', path: '^/partner/api/libraries$', errorRate: 1, errorStatus: 503, times: 1 }]);
		try {
			const result = await env.run({ resource: 'library', operation: 'getAll', returnAll: true });
			expect(result.error).toBeUndefined();
			expect(env.api('GET').map((r) => r.status)).toEqual([503, 200]);
		} finally {
			env.sandbox.setFaults([]);
		}
		env.sandbox.clearLog();
		const file = fileWithEnvelopes(1);
		env.sandbox.setFaults([{ service: 'forms', path: '/envelopes$', method: 'POST', errorRate: 1, errorStatus: 503, times: 1 }]);
		try {
			const result = await env.run({
				resource: 'envelope',
				operation: 'create',
				fileId: byId(file.id),
				envelopeName: 'Once only',
				documentIds: [env.state.store.liveDocuments(file.id)[0].id],
			});
			expect(result.error?.message).toMatch(/SkySlope Forms answered 503/);
			expect(env.api('POST')).toHaveLength(1);
		} finally {
			env.sandbox.setFaults([]);
		}
	});
});

describe('pickers', () => {
	it('searchFiles pages 50 at a time and filters by name on the service', async () => {
		const first = await env.method('listSearch', 'searchFiles', {});
		expect(first.results.length).toBeGreaterThan(0);
		expect(first.results[0]).toEqual({ name: expect.any(String), value: expect.stringMatching(/^\d+$/) });
		const file = [...env.state.store.files.values()].find((f) => f.type === 'File' && f.ownedBy === USERS.caller)!;
		const word = file.name.split(' ')[1];
		env.sandbox.clearLog();
		const filtered = await env.method('listSearch', 'searchFiles', {}, { filter: word });
		expect(filtered.results.map((r) => r.value)).toContain(String(file.id));
		expect(env.api('GET')[0].query).toMatchObject({ page: '1', pageSize: '50', filters: `name@=*${word}` });
	});

	it('searchDocuments, searchFileContacts and searchEnvelopes list what the chosen file has', async () => {
		const file = fileWithEnvelopes(1);
		// The editor sends the node's parameters as they are: resource and operation decide what is shown.
		const parameters = { resource: 'document', operation: 'get', fileId: byId(file.id) };
		const docs = await env.method('listSearch', 'searchDocuments', parameters);
		expect(docs.results.map((r) => r.value)).toEqual(env.state.store.liveDocuments(file.id).map((d) => String(d.id)));
		const contacts = await env.method('listSearch', 'searchFileContacts', { resource: 'fileContact', operation: 'delete', fileId: byId(file.id) });
		expect(contacts.results.map((r) => r.value)).toEqual(file.contacts.map((c) => String(c.id)));
		const envelopes = await env.method('listSearch', 'searchEnvelopes', {
			resource: 'signedDocument',
			operation: 'getAllForEnvelope',
			fileId: byId(file.id),
		});
		expect(envelopes.results.length).toBe(env.state.store.envelopesOf(file.id).length);
		const none = await env.method('listSearch', 'searchDocuments', { resource: 'document', operation: 'get' });
		expect(none.results).toEqual([]);
	});

	it('searchTemplates lists personal and broker templates; searchCollaborators only those who share access', async () => {
		const templates = await env.method('listSearch', 'searchTemplates', {});
		const names = templates.results.map((r) => r.name);
		expect(names.some((n) => n.endsWith('(Personal)'))).toBe(true);
		expect(names.some((n) => n.endsWith('(Broker)'))).toBe(true);
		const people = await env.method('listSearch', 'searchCollaborators', {});
		expect(people.results.map((r) => r.value)).toEqual([USERS.riley, USERS.morgan, USERS.frontDesk]);
		const riley = await env.method('listSearch', 'searchCollaborators', {}, { filter: 'riley' });
		expect(riley.results).toEqual([{ name: 'Riley Example', value: USERS.riley }]);
	});

	it('getForms lists the forms of the chosen library; getLibraries and getDocuments', async () => {
		const libraries = await env.method('loadOptions', 'getLibraries', {});
		expect(libraries.map((l) => l.value)).toEqual([11, 12, 13]);
		const forms = await env.method('loadOptions', 'getForms', {
			resource: 'document',
			operation: 'addFromForms',
			libraryId: 13,
		});
		const inLibrary = [...env.state.store.forms.values()].filter((f) => f.libraryId === 13).map((f) => f.id);
		expect(forms.map((f) => f.value).sort()).toEqual(inLibrary.sort());
		const file = fileWithEnvelopes(1);
		const docs = await env.method('loadOptions', 'getDocuments', {
			resource: 'document',
			operation: 'download',
			fileId: byId(file.id),
		});
		expect(docs.map((d) => d.value)).toEqual(env.state.store.liveDocuments(file.id).map((d) => d.id));
	});
});
