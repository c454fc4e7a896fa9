import { USERS } from '../../sandbox/forms';
import { byId, fromList, jsonOf, useForms } from '../../harness/forms-env';

const env = useForms();

function callerFile(n = 0) {
	return [...env.state.store.files.values()].filter((f) => f.type === 'File' && f.ownedBy === USERS.caller && !f.isDeleted)[n];
}

/** Contact > Add on `file`, with these parameters besides. */
const addContact = (file: { id: number }, parameters: Record<string, unknown>) =>
	env.run({ resource: 'fileContact', operation: 'add', fileId: byId(file.id), ...parameters });

describe('Contact > Add', () => {
	it('adds a contact with the enums, the address and only the given fields', async () => {
		const file = callerFile(0);
		const result = await addContact(file, {
			contactType: 'BuyerAgent',
			firstName: ' Sam ',
			lastName: 'Agent',
			additionalFields: {
				actionAttribute: 'ReceivesCopy',
				email: 'sam@example.com',
				isUser: true,
				primaryAddress: { address: { streetName: 'Main St', state: 'tx', postalCode: '78704' } },
			},
		});
		expect(result.error).toBeUndefined();
		const [json] = jsonOf(result);
		expect(json).toEqual({ fileId: file.id, contactId: expect.any(Number) });
		expect(env.api('POST')[0]).toMatchObject({
			path: `/partner/api/files/${file.id}/contacts`,
			body: {
				type: 'BuyerAgent',
				firstName: 'Sam',
				lastName: 'Agent',
				actionAttribute: 'ReceivesCopy',
				email: 'sam@example.com',
				isUser: true,
				primaryAddress: { streetName: 'Main St', state: 'TX', postalCode: '78704' },
			},
		});
		expect(Object.keys(env.api('POST')[0].body as object).sort()).toEqual(
			['actionAttribute', 'email', 'firstName', 'isUser', 'lastName', 'primaryAddress', 'type'].sort(),
		);
	});

	it('refuses a contact type outside the enum and a bad email, before any request', async () => {
		const file = callerFile(0);
		const badType = await addContact(file, {
			contactType: '={{ "Plumber" }}',
			firstName: 'A',
			lastName: 'B',
		});
		expect(badType.error?.message).toMatch(/^Contact Type: must be one of Broker, Buyer/);
		const badEmail = await addContact(file, {
			contactType: 'Buyer',
			firstName: 'A',
			lastName: 'B',
			additionalFields: { email: 'not-an-email' },
		});
		expect(badEmail.error?.message).toMatch(/^Email: is not an email address/);
		const noName = await env.run({ resource: 'fileContact', operation: 'add', fileId: byId(file.id), contactType: 'Buyer', firstName: '={{ "" }}', lastName: 'B' });
		expect(noName.error?.message).toMatch(/^First Name: is required \[item 0\]/);
		expect(env.api()).toHaveLength(0);
	});
});

describe('Contact > Add, Skip If Already on File', () => {
	it('reads the file once, skips the contacts it holds (ignoring case and spaces) and adds the others', async () => {
		const file = callerFile(1);
		const existing = { type: 'Seller', firstName: 'Dana', lastName: 'Ortiz', email: 'dana@example.com' };
		const first = await addContact(file, {
			contactType: existing.type,
			firstName: existing.firstName,
			lastName: existing.lastName,
			additionalFields: { email: existing.email },
		});
		expect(first.error).toBeUndefined();
		const [added] = jsonOf(first);
		env.sandbox.clearLog();

		const people = [
			{ type: 'Seller', first: ' dana ', last: 'ORTIZ', email: 'Dana@Example.com' },
			{ type: 'Buyer', first: 'Dana', last: 'Ortiz', email: 'dana@example.com' },
			{ type: 'Seller', first: 'Lee', last: 'Park', email: 'lee@example.com' },
		];
		const result = await env.run(
			{
				resource: 'fileContact',
				operation: 'add',
				fileId: byId(file.id),
				contactType: '={{ $json.type }}',
				firstName: '={{ $json.first }}',
				lastName: '={{ $json.last }}',
				additionalFields: { email: '={{ $json.email }}' },
				skipExisting: true,
			},
			{ input: people.map((json) => ({ json })) },
		);
		expect(result.error).toBeUndefined();
		const out = jsonOf(result);
		expect(out[0]).toEqual({ fileId: file.id, contactId: added.contactId, skipped: true, reason: 'already on the file' });
		expect(out[1]).toEqual({ fileId: file.id, contactId: expect.any(Number) });
		expect(out[2]).toEqual({ fileId: file.id, contactId: expect.any(Number) });
		// One read of the file for the three items; two adds, none for the contact already there.
		expect(env.api('GET').map((r) => r.path)).toEqual([`/partner/api/files/${file.id}`]);
		expect(env.api('POST').map((r) => (r.body as { type: string }).type)).toEqual(['Buyer', 'Seller']);
	});

	it('adds nothing when the file cannot be read: the item fails with the read\'s error', async () => {
		const file = callerFile(1);
		env.sandbox.setFaults([{ service: 'forms', method: 'GET', path: `^/partner/api/files/${file.id}$`, errorRate: 1, errorStatus: 404 }]);
		try {
			const result = await env.run({ resource: 'fileContact', operation: 'add', fileId: byId(file.id), contactType: 'Buyer', firstName: 'A', lastName: 'B', skipExisting: true });
			expect(result.error?.message).toMatch(/404|not found/i);
			expect(env.api('GET')).toHaveLength(1);
			expect(env.api('POST')).toHaveLength(0);
		} finally {
			env.sandbox.setFaults([]);
		}
	});
});

describe('Contact > Update', () => {
	it('rewrites a contact by ID (no file in the path)', async () => {
		const file = callerFile(1);
		const contact = file.contacts[0];
		const result = await env.run({
			resource: 'fileContact',
			operation: 'update',
			fileId: byId(file.id),
			contactId: fromList(contact.id),
			contactType: 'Seller',
			firstName: 'Renamed',
			lastName: 'Person',
			onBehalfOf: byId(USERS.riley),
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toEqual({ contactId: contact.id });
		expect(env.api('PUT')[0]).toMatchObject({
			path: `/partner/api/files/contacts/${contact.id}`,
			body: { type: 'Seller', firstName: 'Renamed', lastName: 'Person', onBehalfOf: USERS.riley },
		});
		expect(env.state.store.contactsById.get(contact.id)?.firstName).toBe('Renamed');
	});
});

describe('Contact > Delete', () => {
	it('deletes and returns { deleted: true }', async () => {
		const file = callerFile(2);
		const contact = file.contacts[file.contacts.length - 1];
		const result = await env.run({ resource: 'fileContact', operation: 'delete', fileId: byId(file.id), contactId: byId(contact.id) });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toEqual({ deleted: true, fileId: file.id, contactId: contact.id });
		expect(env.api('DELETE')[0].path).toBe(`/partner/api/files/${file.id}/contacts/${contact.id}`);
	});
});

describe('Contact > Add Many', () => {
	const people = [
		{ type: 'Buyer', firstName: 'Ada', lastName: 'One', email: 'ada@example.com', ignored: 'x' },
		{ type: 'Buyer', firstName: 'Bo', lastName: 'Two', actionAttribute: 'NeedsToSign' },
		{ type: 'EscrowOfficer', firstName: 'Cy', lastName: 'Three', isEntity: true, companyName: 'Sample Escrow' },
	];

	it('sends ONE request for all items and pairs each answer with its item by index', async () => {
		const file = callerFile(3);
		const result = await env.run(
			{ resource: 'fileContact', operation: 'addMany', fileId: byId(file.id) },
			{ input: people.map((json) => ({ json })) },
		);
		expect(result.error).toBeUndefined();
		const sent = env.api('POST');
		expect(sent).toHaveLength(1);
		expect(sent[0].path).toBe(`/partner/api/files/${file.id}/contacts/bulk`);
		expect(sent[0].body).toEqual({
			contacts: [
				{ type: 'Buyer', firstName: 'Ada', lastName: 'One', email: 'ada@example.com' },
				{ type: 'Buyer', firstName: 'Bo', lastName: 'Two', actionAttribute: 'NeedsToSign' },
				{ type: 'EscrowOfficer', firstName: 'Cy', lastName: 'Three', isEntity: true, companyName: 'Sample Escrow' },
			],
		});
		const items = result.output[0];
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items.map((i) => i.json.index)).toEqual([0, 1, 2]);
		expect(items[0].json).toMatchObject({ fileId: file.id, added: true, firstName: 'Ada', contactId: expect.any(Number) });
		expect(items[2].json).toMatchObject({ companyName: 'Sample Escrow', isEntity: true });
	});

	it('with the fields below, maps each item by expression', async () => {
		const file = callerFile(3);
		const result = await env.run(
			{
				resource: 'fileContact',
				operation: 'addMany',
				fileId: byId(file.id),
				inputMode: 'define',
				contactType: 'Seller',
				firstName: '={{ $json.first }}',
				lastName: '={{ $json.last }}',
				additionalFields: { email: '={{ $json.mail }}' },
				onBehalfOf: byId(USERS.morgan),
			},
			{ input: [{ json: { first: 'Di', last: 'Four', mail: 'di@example.com' } }, { json: { first: 'Ed', last: 'Five', mail: '' } }] },
		);
		expect(result.error).toBeUndefined();
		expect(env.api('POST')[0].body).toEqual({
			contacts: [
				{ type: 'Seller', firstName: 'Di', lastName: 'Four', email: 'di@example.com' },
				{ type: 'Seller', firstName: 'Ed', lastName: 'Five' },
			],
			onBehalfOf: USERS.morgan,
		});
	});

	it('refuses a bad item before any request, naming it', async () => {
		const result = await env.run(
			{ resource: 'fileContact', operation: 'addMany', fileId: byId(callerFile(3).id) },
			{ input: [{ json: people[0] }, { json: { type: 'Buyer', firstName: 'NoLast' } }] },
		);
		expect(result.error?.message).toMatch(/^Last Name: is required \[item 1\]/);
		expect(env.api()).toHaveLength(0);
	});

	it('with continueOnFail, sends the good items and pairs the error with the bad one', async () => {
		const file = callerFile(3);
		const result = await env.run(
			{ resource: 'fileContact', operation: 'addMany', fileId: byId(file.id) },
			{
				continueOnFail: true,
				input: [{ json: people[0] }, { json: { type: 'Wizard', firstName: 'X', lastName: 'Y' } }, { json: people[1] }],
			},
		);
		const items = result.output[0];
		expect(items).toHaveLength(3);
		expect(items[0]).toMatchObject({ json: { firstName: 'Ada', index: 0 }, pairedItem: { item: 0 } });
		expect(items[1]).toMatchObject({ json: { error: expect.stringMatching(/Contact Type.*item 1/) }, pairedItem: { item: 1 } });
		expect(items[2]).toMatchObject({ json: { firstName: 'Bo', index: 1 }, pairedItem: { item: 2 } });
		expect(env.api('POST')).toHaveLength(1);
		expect((env.api('POST')[0].body as { contacts: unknown[] }).contacts).toHaveLength(2);
	});

	it('with continueOnFail, a refused request fails each of its items, each message ending with its own item', async () => {
		const good = callerFile(4);
		const result = await env.run(
			{ resource: 'fileContact', operation: 'addMany', fileId: byId('={{ $json.fileId }}') },
			{
				continueOnFail: true,
				input: [{ json: { ...people[0], fileId: good.id } }, { json: { ...people[1], fileId: 999999 } }, { json: { ...people[2], fileId: 999999 } }],
			},
		);
		const items = result.output[0];
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[0].json.error).toBeUndefined();
		expect(items[1].json.error).toMatch(/ answered 404: .* \[item 1\]$/);
		expect(items[2].json.error).toMatch(/ answered 404: .* \[item 2\]$/);
		expect(env.api('POST').map((r) => r.status).sort()).toEqual([200, 404]);
	});

	it('groups items by file: one request per file', async () => {
		const a = callerFile(4);
		const b = callerFile(5);
		const result = await env.run(
			{ resource: 'fileContact', operation: 'addMany', fileId: byId('={{ $json.fileId }}') },
			{ input: [{ json: { ...people[0], fileId: a.id } }, { json: { ...people[1], fileId: b.id } }, { json: { ...people[2], fileId: a.id } }] },
		);
		expect(result.error).toBeUndefined();
		expect(env.api('POST').map((r) => r.path)).toEqual([
			`/partner/api/files/${a.id}/contacts/bulk`,
			`/partner/api/files/${b.id}/contacts/bulk`,
		]);
		expect(result.output[0].map((i) => [i.json.fileId, i.pairedItem])).toEqual([
			[a.id, { item: 0 }],
			[b.id, { item: 1 }],
			[a.id, { item: 2 }],
		]);
	});
});
