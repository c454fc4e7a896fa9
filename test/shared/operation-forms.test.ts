// Writes stop clean, on a real concurrent write: SkySlope Forms' Contact > Add sends five at a
// time. The sandbox's fault knobs refuse item k (its contact goes to a second file, and that
// file's path answers 503); every other item adds a contact named after its index.
import { USERS } from '../../sandbox/forms';
import { byId, useForms } from '../../harness/forms-env';
import { ranges } from '../../harness/node/test-node';

const env = useForms();

const ITEMS = 50;
const all = Array.from({ length: ITEMS }, (_, i) => i);

function callerFiles() {
	return [...env.state.store.files.values()].filter((f) => f.type === 'File' && f.ownedBy === USERS.caller && !f.isDeleted);
}

/** Contact > Add, one Buyer per input item, into the file and under the name the item gives. */
const addContacts = (people: Array<{ fileId: number; name: string }>, continueOnFail = false) =>
	env.run(
		{ resource: 'fileContact', operation: 'add', fileId: byId('={{ $json.fileId }}'), contactType: 'Buyer', firstName: '={{ $json.name }}', lastName: 'Batch' },
		{ input: people.map((json) => ({ json })), continueOnFail },
	);

it.each([0, 1, 7, 49])('Contact > Add, 50 items, the service fails item %i', async (k) => {
	const [target, faulty] = callerFiles();
	const run = `k${k}-`;
	const before = new Set(target.contacts.map((c) => c.id));
	env.sandbox.setFaults([
		// Latency makes the five in flight overlap as over a real network.
		{ service: 'forms', method: 'POST', path: '/contacts$', latencyMs: 15 },
		{ service: 'forms', method: 'POST', path: `^/partner/api/files/${faulty.id}/contacts$`, errorRate: 1, errorStatus: 503 },
	]);
	const result = await addContacts(all.map((i) => ({ fileId: i === k ? faulty.id : target.id, name: `${run}${i}` })));

	const indexOf = (name: unknown) => Number(String(name).slice(run.length));
	const reached = env
		.api('POST', /\/contacts$/)
		.map((r) => indexOf((r.body as { firstName: string }).firstName))
		.sort((a, b) => a - b);
	const written = target.contacts
		.filter((c) => !before.has(c.id))
		.map((c) => indexOf(c.firstName))
		.sort((a, b) => a - b);
	const notAttempted = all.filter((i) => !reached.includes(i));

	// What reached the service: every item before k, k itself (refused), those in flight after it.
	expect(reached).toEqual([...written, k].sort((a, b) => a - b));
	expect(written.filter((i) => i < k)).toEqual(all.slice(0, k));
	expect(notAttempted).toEqual(all.slice(Math.max(...reached) + 1));
	expect(faulty.contacts.some((c) => String(c.firstName).startsWith(run))).toBe(false);

	expect(result.output).toEqual([]);
	expect(result.error?.message).toMatch(/answered 503/);
	expect(result.error?.context?.itemIndex).toBe(k);
	const description = String(result.error?.description);
	expect(description).toContain(`The node stopped at item ${k} of 50 items`);
	if (written.length) {
		expect(description).toContain(`written before the stop: ${written.length === 1 ? 'item' : 'items'} ${ranges(written)} (those changes are made`);
	} else {
		expect(description).toContain('No item was written before the stop.');
	}
	expect(description).toContain(
		notAttempted.length ? `not attempted: ${notAttempted.length === 1 ? 'item' : 'items'} ${ranges(notAttempted)}.` : 'Every other item was attempted.',
	);
	expect(result.error?.context).toMatchObject({ itemsWritten: written, itemsFailed: [k], itemsNotAttempted: notAttempted });
});

it('Contact > Add with Continue On Fail: every item comes out, the refused one as an error item', async () => {
	const [target, faulty] = callerFiles();
	env.sandbox.setFaults([
		{ service: 'forms', method: 'POST', path: `^/partner/api/files/${faulty.id}/contacts$`, errorRate: 1, errorStatus: 503 },
	]);
	const result = await addContacts(
		all.map((i) => ({ fileId: i === 7 ? faulty.id : target.id, name: `cof-${i}` })),
		true,
	);
	expect(result.error).toBeUndefined();
	const out = result.output[0];
	expect(out).toHaveLength(ITEMS);
	expect(env.api('POST', /\/contacts$/)).toHaveLength(ITEMS);
	out.forEach((item, i) => {
		expect(item.pairedItem).toEqual({ item: i });
		if (i === 7) expect(String(item.json.error)).toMatch(/answered 503/);
		else expect(item.json).toEqual({ fileId: target.id, contactId: expect.any(Number) });
	});
});
