import { FORMS_WRITE_WARNING } from '../../sandbox/forms/live';
import { errorOf, useFormsHarness } from './forms-client';

const h = useFormsHarness({ seed: 7 });

interface FileItem {
	id: number;
	name: string;
	representationType: string;
	createdDate: string;
	ownedBy: string;
}

interface FileDetail {
	id: number;
	name: string;
	mlsNumber: string;
	purchasePrice: number | null;
	closingDateTime: string | null;
	acceptanceDateTime: string | null;
	property: Record<string, unknown>;
	contacts: Array<Record<string, unknown> & { id: number; type: string; ownedBy: string }>;
	commissions: Array<Record<string, unknown>>;
	createdBy: string;
	ownedBy: string;
}

const visibleCount = () => [...h.state.store.files.values()].filter((f) => f.type === 'File' && h.state.store.canAccess(f)).length;

const getFile = async (id: number) => (await h.api('GET', `/files/${id}`)).json as FileDetail;

describe('forms sandbox: files', () => {
	it('lists the files the caller may see, paged, newest first, with totalRecords', async () => {
		const res = await h.api('GET', '/files');
		expect(res.status).toBe(200);
		const body = res.json as { totalRecords: number; files: FileItem[] };
		const visible = [...h.state.store.files.values()].filter((f) => f.type === 'File' && h.state.store.canAccess(f));
		expect(body.totalRecords).toBe(visible.length);
		expect(body.totalRecords).toBe(28); // 30 seeded, one not shared with the caller, one deleted
		expect(body.files).toHaveLength(10);
		const dates = body.files.map((f) => f.createdDate);
		expect([...dates].sort().reverse()).toEqual(dates);
		expect(body.files[0]).toEqual(
			expect.objectContaining({
				address: expect.stringMatching(/, [A-Z]{2} \d{5}$/),
				contactInfo: expect.any(String),
				documentCount: expect.any(Number),
				envelopeCount: expect.any(Number),
				meta: { status: expect.any(String) },
				mlsMarketName: expect.any(String),
			}),
		);
		const page3 = (await h.api('GET', '/files?page=3&pageSize=10')).json as { files: FileItem[] };
		expect(page3.files).toHaveLength(8);
		const all = (await h.api('GET', '/files?pageSize=500')).json as { files: FileItem[] };
		expect(all.files.map((f) => f.id)).not.toContain(1029);
	});

	it('rejects page and pageSize outside their ranges', async () => {
		for (const q of ['pageSize=501', 'pageSize=0', 'page=0', 'page=abc', 'pageSize=1.5']) {
			const res = await h.api('GET', `/files?${q}`);
			expect(res.status).toBe(400);
			expect(errorOf(res).code).toBe('ValidationError');
		}
	});

	it('filters and sorts with the sieve subset; malformed sieve is a 400', async () => {
		const buyers = (await h.api('GET', '/files?pageSize=500&filters=representationtype==Buyer')).json as {
			totalRecords: number;
			files: FileItem[];
		};
		expect(buyers.totalRecords).toBeGreaterThan(0);
		expect(buyers.files.every((f) => f.representationType === 'Buyer')).toBe(true);

		const from = '2025-04-01';
		const to = '2025-06-30';
		const ranged = (await h.api('GET', `/files?pageSize=500&filters=${encodeURIComponent(`representationtype==Seller,(createddate)>=${from},(createddate)<=${to}`)}`))
			.json as { files: FileItem[] };
		const expected = [...h.state.store.files.values()].filter(
			(f) =>
				f.type === 'File' &&
				h.state.store.canAccess(f) &&
				f.representationType === 'Seller' &&
				Date.parse(f.createdOn) >= Date.parse(from) &&
				Date.parse(f.createdOn) <= Date.parse(to),
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(visibleCount());
		expect(ranged.files.map((f) => f.id).sort()).toEqual(expected.map((f) => f.id).sort());

		const name = h.state.store.files.get(1001)?.name as string;
		const contains = (await h.api('GET', `/files?filters=${encodeURIComponent(`name@=${name.slice(2, 8)}`)}`)).json as { files: FileItem[] };
		expect(contains.files.map((f) => f.id)).toContain(1001);

		const byName = (await h.api('GET', '/files?pageSize=500&sorts=name')).json as { files: FileItem[] };
		const names = byName.files.map((f) => f.name.toLowerCase());
		expect([...names].sort()).toEqual(names);

		for (const bad of ['bogus==1', 'name', 'name@=', '(createddate)>=soon', 'representationtype==Buyer,,name==x', 'isarchived>=true']) {
			const res = await h.api('GET', `/files?filters=${encodeURIComponent(bad)}`);
			expect(res.status).toBe(400);
			expect(errorOf(res).errors[0]).toContain('filters');
		}
		expect((await h.api('GET', '/files?sorts=-bogus')).status).toBe(400);
	});

	it('gets a file in the detail shape; bad ids are 400, unknown or unshared ones 404', async () => {
		const res = await h.api('GET', '/files/1001');
		expect(res.status).toBe(200);
		expect(res.json).toEqual(
			expect.objectContaining({
				id: 1001,
				type: 'File',
				meta: { status: 'pre-contract' },
				fileData: { mlsNumber: expect.any(String) },
				property: expect.objectContaining({ isCompleteAddress: true, state: expect.stringMatching(/^[A-Z]{2}$/) }),
				contacts: expect.arrayContaining([expect.objectContaining({ isFileOwner: true, contactInformation: expect.any(Object) })]),
				commissions: [expect.objectContaining({ calculationType: expect.any(String), amount: expect.any(Number) })],
				documentData: expect.arrayContaining([expect.stringMatching(/^\d+$/)]),
			}),
		);
		expect((await h.api('GET', '/files/abc')).status).toBe(400);
		expect((await h.api('GET', '/files/0')).status).toBe(400);
		expect((await h.api('GET', '/files/-3')).status).toBe(400);
		const missing = await h.api('GET', '/files/999999');
		expect(missing.status).toBe(404);
		expect(errorOf(missing).code).toBe('NotFound');
		expect((await h.api('GET', '/files/1029')).status).toBe(404); // owned by a user who did not share
		expect((await h.api('GET', '/files/1031')).status).toBe(404); // a template, not a file
	});

	it('creates a file, honours onBehalfOf (owner = that user, creator = caller) and rejects bad bodies', async () => {
		const created = await h.api('POST', '/files', {
			json: { name: '12 Test Ln', representationType: 'Tenant', mlsNumber: 'ML1', property: { city: 'Austin', state: 'tx', postalCode: '78704' } },
		});
		expect(created.status).toBe(200);
		expect(created.json).toEqual({ fileId: expect.any(Number) });
		const file = await getFile((created.json as { fileId: number }).fileId);
		expect(file).toMatchObject({ name: '12 Test Ln', mlsNumber: 'ML1', ownedBy: h.state.users.caller, property: { state: 'TX', city: 'Austin' } });

		const delegated = await h.api('POST', '/files', { json: { name: 'For Riley', representationType: 'Buyer', onBehalfOf: h.state.users.riley } });
		const record = h.state.store.files.get((delegated.json as { fileId: number }).fileId);
		expect(record).toMatchObject({ ownedBy: h.state.users.riley, createdBy: h.state.users.caller });

		for (const onBehalfOf of [h.state.users.taylor, 'no-such-user']) {
			const res = await h.api('POST', '/files', { json: { name: 'x', representationType: 'Buyer', onBehalfOf } });
			expect(res.status).toBe(404);
			expect(errorOf(res).message).toContain('delegate');
		}
		const bad: unknown[] = [
			{ representationType: 'Buyer' },
			{ name: 'x', representationType: 'Renter' },
			{ name: 'x', representationType: 'Buyer', property: { state: 'Texas' } },
			{ name: 'x', representationType: 'Buyer', surprise: true },
			{ name: 5, representationType: 'Buyer' },
		];
		for (const json of bad) expect((await h.api('POST', '/files', { json })).status).toBe(400);
		expect((await h.api('POST', '/files', { body: '{"name":', headers: { 'content-type': 'application/json' } })).status).toBe(400);
		expect((await h.api('POST', '/files', { body: 'name=x', headers: { 'content-type': 'text/plain' } })).status).toBe(415);
		expect((await h.api('POST', '/files?importMls=maybe', { json: { name: 'x', representationType: 'Buyer' } })).status).toBe(400);
	});

	it('reproduces every MLS outcome on create from the number, the scope and the owner', async () => {
		const create = async (mlsNumber: string, extra: Record<string, unknown> = {}, token?: string) => {
			const res = await h.api('POST', '/files?importMls=true', { token, json: { name: 'MLS', representationType: 'Buyer', mlsNumber, ...extra } });
			expect(res.status).toBe(200);
			return res.json as { fileId: number; mlsImport: Record<string, unknown> };
		};
		expect((await create('ML5550001')).mlsImport).toEqual({ status: 'imported', importedCount: 3 });
		expect((await create('Z0-1')).mlsImport).toEqual({ status: 'imported', importedCount: 0 });
		expect((await create('NM-1')).mlsImport).toEqual({ status: 'not_imported', reason: 'no_match' });
		expect((await create('MM-1')).mlsImport).toEqual({ status: 'not_imported', reason: 'multiple_matches' });
		expect((await create('PE-1')).mlsImport).toEqual({ status: 'failed', reason: 'provider_error' });
		expect((await create('IE-1')).mlsImport).toEqual({ status: 'failed', reason: 'import_error' });
		expect((await create('TO-1')).mlsImport).toEqual({ status: 'unknown' });
		expect((await create('  ')).mlsImport).toEqual({ status: 'not_imported', reason: 'missing_mls_number' });
		expect((await create('ML1', { onBehalfOf: h.state.users.morgan })).mlsImport).toEqual({ status: 'not_imported', reason: 'missing_regions' });
		const noScope = await create('ML77', {}, h.tokenWith(['forms.files']));
		expect(noScope.mlsImport).toEqual({ status: 'not_imported', reason: 'missing_scope' });
		expect((await getFile(noScope.fileId)).mlsNumber).toBe('ML77');
		// Creation imports with overwrite: the listing's address replaces the supplied one.
		const imported = await create('ML42', { property: { city: 'Nowhere', state: 'NV' } });
		const file = await getFile(imported.fileId);
		expect(file.property).toMatchObject({ state: expect.stringMatching(/^(CA|TX)$/) });
		expect(file.purchasePrice).toBeGreaterThan(0);
		expect(file.contacts.map((c) => c.type)).toContain('SellerAgent');
		// Without importMls only fileId comes back.
		const plain = await h.api('POST', '/files', { json: { name: 'n', representationType: 'Buyer', mlsNumber: 'NM1' } });
		expect(Object.keys(plain.json as object)).toEqual(['fileId']);
	});

	it('imports MLS data into an existing file with the override rules; templates are a 400', async () => {
		const created = await h.api('POST', '/files', {
			json: { name: 'Keep', representationType: 'Buyer', property: { streetNumber: '1', streetName: 'Main St', city: 'Reno', state: 'NV' } },
		});
		const id = (created.json as { fileId: number }).fileId;
		const keep = await h.api('POST', `/files/${id}/mls-import`, { json: { mlsNumber: 'ML900' } });
		expect(keep.json).toEqual({ fileId: id, mlsImport: { status: 'imported', importedCount: 3 } });
		expect((await getFile(id)).property).toMatchObject({ streetName: 'Main St', city: 'Reno' });
		const replace = await h.api('POST', `/files/${id}/mls-import`, { json: { mlsNumber: 'ML900', shouldOverride: true } });
		expect((replace.json as { mlsImport: { status: string } }).mlsImport.status).toBe('imported');
		expect((await getFile(id)).property).not.toMatchObject({ streetName: 'Main St' });

		const blank = await h.api('POST', `/files/${id}/mls-import`, { json: { mlsNumber: '' } });
		expect((blank.json as { mlsImport: unknown }).mlsImport).toEqual({ status: 'not_imported', reason: 'missing_mls_number' });
		expect((await getFile(id)).mlsNumber).toBe('ML900');
		const noMatch = await h.api('POST', `/files/${id}/mls-import`, { json: { mlsNumber: 'NM-404' } });
		expect((noMatch.json as { mlsImport: unknown }).mlsImport).toEqual({ status: 'not_imported', reason: 'no_match' });
		expect((await getFile(id)).mlsNumber).toBe('NM-404'); // saved before the lookup

		expect((await h.api('POST', '/files/1031/mls-import', { json: { mlsNumber: 'ML1' } })).status).toBe(400);
		expect((await h.api('POST', `/files/${id}/mls-import`, { json: { mlsNumber: 'ML1', shouldOverride: 'true' } })).status).toBe(400);
		expect((await h.api('POST', `/files/${id}/mls-import`, { json: { mlsNumber: 'ML1', onBehalfOf: h.state.users.taylor } })).status).toBe(404);
		const riley = await h.api('POST', '/files/1024/mls-import', { json: { mlsNumber: 'ML1', onBehalfOf: h.state.users.riley } });
		expect((riley.json as { mlsImport: { status: string } }).mlsImport.status).toBe('imported');
		const morganFile = await h.api('POST', '/files/1027/mls-import', { json: { mlsNumber: 'ML1' } });
		expect((morganFile.json as { mlsImport: unknown }).mlsImport).toEqual({ status: 'not_imported', reason: 'missing_regions' });
	});

	it('updates file details and answers didAddendumsChange', async () => {
		const res = await h.api('PATCH', '/files/1001', {
			json: { name: 'Renamed', fileData: { purchasePrice: 123456, closingDate: '2026-03-04T10:00:00Z', premisesAddress: { unitNumber: '7' } } },
		});
		expect(res.status).toBe(200);
		expect(res.json).toEqual({ fileId: 1001, didAddendumsChange: true });
		const file = await getFile(1001);
		expect(file).toMatchObject({ name: 'Renamed', purchasePrice: 123456, closingDateTime: '2026-03-04', property: { unitNumber: '7' } });
		expect((await h.api('PATCH', '/files/1001', { json: { fileData: { closingDate: 'next week' } } })).status).toBe(400);
		expect((await h.api('PATCH', '/files/1001', { json: { fileData: { price: 1 } } })).status).toBe(400);
		expect((await h.api('PATCH', '/files/1001', { json: { name: 'x', onBehalfOf: h.state.users.taylor } })).status).toBe(404);
	});

	it('replaces a file with UpdateFile and applies the date rules', async () => {
		const before = await getFile(1001);
		const keep = before.contacts[0];
		const body = (over: Record<string, unknown>) => ({
			purchasePrice: 500000,
			property: { streetNumber: '9', streetName: 'Elm St', city: 'Boise', state: 'ID', postalCode: '83702' },
			commissions: [{ type: 'Listing', calculationType: 'Flat', amount: 9000 }],
			contacts: [
				{ id: keep.id, type: keep.type, firstName: 'Kept', lastName: 'Contact' },
				{ type: 'Buyer', firstName: 'New', lastName: 'Buyer', email: 'new.buyer@example.com', actionAttribute: 'NeedsToSign' },
			],
			...over,
		});
		const res = await h.api('PUT', '/files/1001', { json: body({ closingDateTime: '2026-07-31T23:30:00-07:00', acceptanceDateTime: '2026-07-01' }) });
		expect(res.status).toBe(200);
		const out = res.json as { fileId: number; contacts: Array<{ id: number; firstName: string }>; commissions: Array<{ amount: number }> };
		expect(out.fileId).toBe(1001);
		expect(out.contacts.map((c) => c.firstName)).toEqual(['Kept', 'New']);
		expect(out.contacts[0].id).toBe(keep.id);
		expect(out.commissions).toEqual([expect.objectContaining({ amount: 9000, type: 'Listing', id: expect.any(Number) })]);
		let file = await getFile(1001);
		// An explicit offset keeps the date at that offset.
		expect(file).toMatchObject({ closingDateTime: '2026-07-31', acceptanceDateTime: '2026-07-01', mlsNumber: '', property: { city: 'Boise' } });

		await h.api('PUT', '/files/1001', { json: body({ closingDateTime: null, acceptanceDateTime: '' }) });
		file = await getFile(1001);
		expect(file).toMatchObject({ closingDateTime: null, acceptanceDateTime: null });
		await h.api('PUT', '/files/1001', { json: body({ closingDateTime: '2026-01-02' }) });
		expect((await getFile(1001)).acceptanceDateTime).toBeNull(); // omitted clears (full replace)

		for (const value of ['2026-02-30', 'tomorrow', '07/31/2026', '2026-07-31T25:00:00Z']) {
			const bad = await h.api('PUT', '/files/1001', { json: body({ closingDateTime: value }) });
			expect(bad.status).toBe(400);
			expect(errorOf(bad).errors[0]).toContain('closingDateTime');
		}
		expect((await h.api('PUT', '/files/1001', { json: body({ property: undefined }) })).status).toBe(400);
		expect((await h.api('PUT', '/files/1001', { json: body({ contacts: [{ id: 1, type: 'Buyer', firstName: 'a', lastName: 'b' }] }) })).status).toBe(400);

		const delegated = await h.api('PUT', '/files/1024', { json: body({ contacts: [], onBehalfOf: h.state.users.riley }) });
		expect(delegated.status).toBe(200);
		expect((delegated.json as { commissions: Array<{ ownedBy: string }> }).commissions[0].ownedBy).toBe(h.state.users.riley);
	});

	it('applies a template (its forms become documents) and lists personal and broker templates', async () => {
		const before = h.state.store.liveDocuments(1002).length;
		const res = await h.api('POST', '/files/1002/templates', { json: { templateId: 1031 } });
		expect(res.status).toBe(200);
		expect(res.json).toEqual({ fileId: 1002 });
		expect(h.state.store.liveDocuments(1002).length).toBe(before + (h.state.store.templateForms.get(1031)?.length ?? 0));
		expect((await h.api('POST', '/files/1002/templates', { json: { templateId: 1001 } })).status).toBe(400);
		expect((await h.api('POST', '/files/1002/templates', { json: { templateId: 99999 } })).status).toBe(404);
		expect((await h.api('POST', '/files/1002/templates', { json: { templateId: '1031' } })).status).toBe(400);

		const personal = (await h.api('GET', '/templates')).json as { totalRecords: number; files: Array<{ type: string; accountGroups: unknown[] }> };
		expect(personal.totalRecords).toBe(4);
		expect(personal.files.every((f) => f.type === 'Template')).toBe(true);
		const broker = (await h.api('GET', '/templates?type=BrokerTemplate')).json as { files: Array<{ type: string; regions: string[] }> };
		expect(broker.files).toHaveLength(4);
		expect(broker.files[0]).toMatchObject({ type: 'BrokerTemplate', regions: expect.any(Array) });
		expect((await h.api('GET', '/templates?type=Other')).status).toBe(400);
		expect((await h.api('GET', '/templates', { token: h.tokenWith(['forms.files']) })).status).toBe(403);
	});
});

describe('forms sandbox: contacts', () => {
	const contact = { type: 'Buyer', firstName: 'Pat', lastName: 'Sample', email: 'pat@example.com', actionAttribute: 'NeedsToSign' };

	it('adds, updates, bulk-adds and deletes contacts', async () => {
		const added = await h.api('POST', '/files/1001/contacts', { json: { ...contact, primaryAddress: { city: 'Reno', state: 'NV' } } });
		expect(added.status).toBe(200);
		const { contactId } = added.json as { contactId: number };
		let file = await getFile(1001);
		expect(file.contacts.find((c) => c.id === contactId)).toMatchObject({
			firstName: 'Pat',
			primaryAddress: { city: 'Reno', id: expect.any(Number) },
			ownedBy: h.state.users.caller,
		});

		const updated = await h.api('PUT', `/files/contacts/${contactId}`, { json: { ...contact, firstName: 'Patricia', type: 'Seller' } });
		expect(updated.json).toEqual({ contactId });
		file = await getFile(1001);
		expect(file.contacts.find((c) => c.id === contactId)).toMatchObject({ firstName: 'Patricia', type: 'Seller', primaryAddress: null });

		const bulk = await h.api('POST', '/files/1001/contacts/bulk', {
			json: {
				contacts: [contact, { type: 'EscrowOfficer', firstName: 'Escrow', lastName: 'Desk', isEntity: true, companyName: 'Sample Escrow' }],
				onBehalfOf: h.state.users.caller,
			},
		});
		expect(bulk.json).toEqual({
			totalRecordsAdded: 2,
			contacts: [
				{ index: 0, contactId: expect.any(Number), type: 'Buyer', isEntity: false, firstName: 'Pat', lastName: 'Sample', email: 'pat@example.com' },
				{ index: 1, contactId: expect.any(Number), type: 'EscrowOfficer', isEntity: true, companyName: 'Sample Escrow' },
			],
		});

		const deleted = await h.api('DELETE', `/files/1001/contacts/${contactId}`);
		expect(deleted.json).toEqual({ contactId });
		file = await getFile(1001);
		expect(file.contacts.map((c) => c.id)).not.toContain(contactId);
		expect((await h.api('DELETE', `/files/1001/contacts/${contactId}`)).status).toBe(404);
		expect((await h.api('PUT', `/files/contacts/${contactId}`, { json: contact })).status).toBe(404);
	});

	it('rejects bad contact bodies and ids, and onBehalfOf without a grant', async () => {
		const bad: unknown[] = [
			{ ...contact, type: 'Neighbour' },
			{ ...contact, lastName: undefined },
			{ ...contact, firstName: '' },
			{ ...contact, email: 'not-an-email' },
			{ ...contact, actionAttribute: 'Signs' },
			{ ...contact, isEntity: 'yes' },
			{ ...contact, id: 5 },
		];
		for (const json of bad) expect((await h.api('POST', '/files/1001/contacts', { json })).status).toBe(400);
		expect((await h.api('POST', '/files/1001/contacts/bulk', { json: { contacts: [] } })).status).toBe(400);
		expect((await h.api('POST', '/files/1001/contacts/bulk', { json: { contacts: [{ ...contact, onBehalfOf: 'x' }] } })).status).toBe(400);
		expect((await h.api('POST', '/files/x/contacts', { json: contact })).status).toBe(400);
		expect((await h.api('DELETE', '/files/1001/contacts/0')).status).toBe(400);
		const someone = (await getFile(1001)).contacts[0].id;
		expect((await h.api('DELETE', `/files/1001/contacts/${someone}?onBehalfOf=${h.state.users.taylor}`)).status).toBe(404);
		expect((await getFile(1001)).contacts.map((c) => c.id)).toContain(someone);
		const denied = await h.api('POST', '/files/1001/contacts', { json: { ...contact, onBehalfOf: h.state.users.taylor } });
		expect(denied.status).toBe(404);
		const delegated = await h.api('POST', '/files/1025/contacts', { json: { ...contact, onBehalfOf: h.state.users.riley } });
		const id = (delegated.json as { contactId: number }).contactId;
		expect(h.state.store.contactsById.get(id)).toMatchObject({ ownedBy: h.state.users.riley, createdBy: h.state.users.caller });
	});
});

describe('writeWarnings (live switch) on the Forms service', () => {
	it('puts the warning on every successful write, a 204 becoming a 200 with it; reads, refusals, a 208 and tokens are left alone', async () => {
		h.sandbox.setLive({ writeWarnings: true });
		const created = await h.api('POST', '/files', { json: { name: 'Warned', representationType: 'Buyer' } });
		expect(created.status).toBe(200);
		expect(created.json).toEqual({ fileId: expect.any(Number), warnings: [FORMS_WRITE_WARNING] });
		const fileId = (created.json as { fileId: number }).fileId;
		expect((await h.api('GET', `/files/${fileId}`)).json).not.toHaveProperty('warnings');
		const group = await h.api('POST', '/group', { json: { brokerageId: 'warned-co' } });
		const added = await h.api('POST', `/users/${h.state.users.riley}/groups/warned-co`);
		expect([group.status, added.status, added.json]).toEqual([201, 200, { warnings: [FORMS_WRITE_WARNING] }]);
		const subscribe = () => h.api('POST', `/documents/sign/subscribe/${fileId}`, { json: { webhookUrl: 'https://hooks.example.com/w' } });
		expect((await subscribe()).json).toEqual({ subscribed: true, warnings: [FORMS_WRITE_WARNING] });
		const again = await subscribe();
		expect(again.status).toBe(208);
		expect(again.json).not.toHaveProperty('warnings');
		const refused = await h.api('POST', '/files', { json: { representationType: 'Buyer' } });
		expect(refused.status).toBe(400);
		expect(refused.json).not.toHaveProperty('warnings');
		const token = await h.call('POST', '/oauth2/token', {
			body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: h.state.auth.issueToken(['offline_access']).refresh_token ?? '' }).toString(),
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
		});
		expect(token.json).not.toHaveProperty('warnings');
		h.sandbox.setLive({});
		const removed = await h.api('DELETE', `/users/${h.state.users.riley}/groups/warned-co`);
		expect([removed.status, removed.bytes.length]).toEqual([204, 0]);
	});
});
