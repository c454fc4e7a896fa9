// The operations SkySlope's own OpenAPI document has and the service documents lack: groups, form
// tags, buyer agreements by market, and the form versions of a library, against the strict sandbox.
import { USERS } from '../../sandbox/forms';
import { jsonOf, useForms } from '../../harness/forms-env';

const env = useForms();

const formsOf = (libraryId: number) =>
	[...env.state.store.forms.values()].filter((f) => f.libraryId === libraryId).sort((a, b) => a.versionId - b.versionId);

describe('Group', () => {
	it('Create makes a group with a generated id, then answers 200 for an existing brokerage ID', async () => {
		const generated = await env.run({ resource: 'group', operation: 'create', brokerageName: 'Sample Realty' });
		expect(generated.error).toBeUndefined();
		expect(jsonOf(generated)).toEqual([{ groupId: expect.stringMatching(/^partnerApi_[0-9a-f]{12}$/), created: true }]);
		expect(env.api('POST')[0]).toMatchObject({ path: '/partner/api/group', body: { brokerageName: 'Sample Realty' } });

		const first = await env.run({ resource: 'group', operation: 'create', brokerageId: 'sample-realty' });
		const again = await env.run({ resource: 'group', operation: 'create', brokerageId: 'sample-realty' });
		expect(jsonOf(first)).toEqual([{ groupId: 'sample-realty', created: true }]);
		expect(jsonOf(again)).toEqual([{ groupId: 'sample-realty', created: false }]);
		expect(env.api('POST').map((r) => [r.status, r.body])).toEqual([
			[201, { brokerageName: 'Sample Realty' }],
			[201, { brokerageId: 'sample-realty' }],
			[200, { brokerageId: 'sample-realty' }],
		]);
	});

	it('Create Child Group creates under a parent, once per name', async () => {
		await env.run({ resource: 'group', operation: 'create', brokerageId: 'parent-co' });
		const child = await env.run({ resource: 'group', operation: 'createChild', groupId: 'parent-co', name: 'Downtown' });
		const same = await env.run({ resource: 'group', operation: 'createChild', groupId: 'parent-co', name: 'Downtown' });
		expect(child.error).toBeUndefined();
		const [made] = jsonOf(child);
		expect(made).toEqual({ childGroupId: expect.stringMatching(/^partnerApi_/), parentGroupId: 'parent-co', created: true });
		expect(jsonOf(same)).toEqual([{ childGroupId: made.childGroupId, parentGroupId: 'parent-co', created: false }]);
		expect(env.api('POST', /child$/).map((r) => [r.path, r.body])).toEqual([
			['/partner/api/groups/parent-co/child', { name: 'Downtown' }],
			['/partner/api/groups/parent-co/child', { name: 'Downtown' }],
		]);
	});

	it('Create Child Group of an unknown parent fails with the service error', async () => {
		const result = await env.run({ resource: 'group', operation: 'createChild', groupId: 'no-such-group', name: 'X' }, { continueOnFail: true });
		expect(jsonOf(result)[0]).toMatchObject({ httpCode: '404' });
	});

	it('Add User and Remove User change membership; removing twice is a 404', async () => {
		await env.run({ resource: 'group', operation: 'create', brokerageId: 'members-co' });
		const added = await env.run({ resource: 'group', operation: 'addUser', groupId: 'members-co', userId: USERS.riley });
		expect(jsonOf(added)).toEqual([{ added: true, userId: USERS.riley, groupId: 'members-co' }]);
		const removed = await env.run({ resource: 'group', operation: 'removeUser', groupId: 'members-co', userId: USERS.riley });
		expect(jsonOf(removed)).toEqual([{ removed: true, userId: USERS.riley, groupId: 'members-co' }]);
		expect(env.api().map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'POST /partner/api/group 201',
			`POST /partner/api/users/${USERS.riley}/groups/members-co 204`,
			`DELETE /partner/api/users/${USERS.riley}/groups/members-co 204`,
		]);
		const twice = await env.run({ resource: 'group', operation: 'removeUser', groupId: 'members-co', userId: USERS.riley }, { continueOnFail: true });
		expect(jsonOf(twice)[0]).toMatchObject({ httpCode: '404' });
	});

	it('refuses group and user ids that could steer the path, before any request', async () => {
		const bad = await env.run({ resource: 'group', operation: 'addUser', groupId: '../files', userId: USERS.riley });
		expect(bad.error?.message).toMatch(/^Group ID: contains/);
		const empty = await env.run({ resource: 'group', operation: 'removeUser', groupId: 'g', userId: '={{ "" }}' });
		expect(empty.error?.message).toMatch(/^User ID: is required \[item 0\]/);
		const badBrokerage = await env.run({ resource: 'group', operation: 'create', brokerageId: 'a/b' });
		expect(badBrokerage.error?.message).toMatch(/^Brokerage ID: contains "\/"/);
		expect(env.api()).toHaveLength(0);
	});
});

describe('Form Tag', () => {
	it('Get Many lists the tags of the given form versions, sent as one comma-separated ids', async () => {
		const [a, b] = formsOf(11);
		const result = await env.run({ resource: 'tag', operation: 'getAll', formVersionIds: `${b.versionId}, ${a.versionId}`, returnAll: true });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result).map((t) => t.id)).toEqual([a.versionId, b.versionId]);
		expect(jsonOf(result)[0].tags).toEqual(expect.any(Object));
		expect(env.api('GET')[0]).toMatchObject({ path: '/partner/api/tags', query: { ids: `${b.versionId},${a.versionId}` } });
	});

	it('Get Many without ids lists all of yours, up to the Limit', async () => {
		const result = await env.run({ resource: 'tag', operation: 'getAll', limit: 2 });
		expect(jsonOf(result)).toHaveLength(2);
		expect(env.api('GET')[0].query).toEqual({});
	});

	it('refuses form version ids that are not numbers, before any request', async () => {
		const result = await env.run({ resource: 'tag', operation: 'getAll', formVersionIds: '12,abc', returnAll: true });
		expect(result.error?.message).toMatch(/^Form Version IDs: must be a whole number/);
		expect(env.api()).toHaveLength(0);
	});
});

describe('Library > Get Form Versions', () => {
	it('lists the form versions of a library, with their form id and attributes', async () => {
		const result = await env.run({ resource: 'library', operation: 'getFormVersions', libraryId: 12, returnAll: true });
		expect(result.error).toBeUndefined();
		const expected = formsOf(12);
		expect(jsonOf(result).map((v) => [v.id, v.formId])).toEqual(expected.map((f) => [f.versionId, f.id]));
		expect(env.api('GET')[0].path).toBe('/partner/api/libraries/12/form-versions');
	});

	it('stops at the Limit, and refuses a library id that is not a number', async () => {
		expect(jsonOf(await env.run({ resource: 'library', operation: 'getFormVersions', libraryId: 11, limit: 1 }))).toHaveLength(1);
		const bad = await env.run({ resource: 'library', operation: 'getFormVersions', libraryId: '1/2', limit: 1 });
		expect(bad.error?.message).toMatch(/^Library: must be a whole number/);
		expect(env.api()).toHaveLength(1);
	});

	it('a library the user cannot use is the service 404', async () => {
		const result = await env.run({ resource: 'library', operation: 'getFormVersions', libraryId: 14, returnAll: true }, { continueOnFail: true });
		expect(jsonOf(result)[0]).toMatchObject({ httpCode: '404' });
	});
});

describe('Buyer Agreement > Get Many (of your market)', () => {
	it('lists the buyer agreements, filtered on the service by the Sieve filter', async () => {
		const all = jsonOf(await env.run({ resource: 'buyerAgreement', operation: 'getAll', returnAll: true }));
		expect(all.length).toBeGreaterThan(1);
		expect(all[0]).toEqual(expect.objectContaining({ id: expect.any(Number), memberId: expect.any(String), isCarBRBC: expect.any(Boolean) }));
		const ca = jsonOf(await env.run({ resource: 'buyerAgreement', operation: 'getAll', returnAll: true, filters: 'isCarBRBC==true' }));
		expect(ca.map((a) => a.id)).toEqual(all.filter((a) => a.isCarBRBC === true).map((a) => a.id));
		expect(env.api('GET').map((r) => r.query)).toEqual([{}, { filters: 'isCarBRBC==true' }]);
	});

	it('a filter the service cannot read is its 400', async () => {
		const result = await env.run({ resource: 'buyerAgreement', operation: 'getAll', returnAll: true, filters: 'nosuchfield==1' }, { continueOnFail: true });
		expect(jsonOf(result)[0]).toMatchObject({ httpCode: '400' });
	});
});
