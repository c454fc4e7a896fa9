// A poll works on a copy of its state (n8n's static data is a watched proxy, and a failed poll must
// leave it as it was): the copy exclusivePoll gives a poll is what a round trip through JSON text
// gives, without writing a state's megabytes of packed books out as text and reading them back.
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { exclusivePoll } from '../../nodes/SkySlope/shared/pollRuntime';

let triggers = 0;
/** A poll's context with just what exclusivePoll reads: a trigger of its own each call. */
function pollContext(stored: IDataObject): IPollFunctions {
	const id = `copy-${++triggers}`;
	const quiet = () => undefined;
	return {
		getNode: () => ({ id, name: id }),
		getWorkflow: () => ({ id }),
		getWorkflowStaticData: () => stored,
		logger: { info: quiet, warn: quiet },
	} as unknown as IPollFunctions;
}

describe('the state a poll starts from', () => {
	it('is what JSON.parse(JSON.stringify(...)) gives, for every kind of value a state can hold', async () => {
		const stored: IDataObject = {
			cursor: '2026-11-27T06:00:00.000Z',
			book: 'x'.repeat(34 * 1000),
			history: { unread: [2026, 2025, 0] },
			byStatus: { Closed: 'abcdefghijk', 'Canceled/App': '' },
			nothing: null,
			yes: true,
			when: new Date('2026-01-02T03:04:05.000Z'),
			gone: undefined,
			odd: [1, undefined, NaN, Infinity, { deep: [{ deeper: 'x' }] }],
		};
		const expected = JSON.parse(JSON.stringify(stored)) as IDataObject;
		let given: IDataObject | undefined;
		await exclusivePoll(pollContext(stored), { label: 'test', watch: 'w' }, async (state) => {
			given = state;
			return { state, emit: [] };
		});
		expect(given).toStrictEqual(expected);
	});

	it('is a copy: a poll that changes it and fails leaves the static data as it was', async () => {
		const stored: IDataObject = { history: { unread: [2026, 2025] }, seen: { a: [1, 2] } };
		const poll = exclusivePoll(pollContext(stored), { label: 'test', watch: 'w' }, async (state) => {
			(state.history as { unread: number[] }).unread.shift();
			(state.seen as { a: number[] }).a.push(3);
			state.added = 1;
			throw new Error('the service broke off');
		});
		await expect(poll).rejects.toThrow('the service broke off');
		expect(stored).toEqual({ history: { unread: [2026, 2025] }, seen: { a: [1, 2] } });
	});
});

// One trigger node watches several things (SkySlope Trigger: each listings or sales event, and the
// offers): a state saved by another watch is neither read nor its pending items emitted.
describe('the watch a state belongs to', () => {
	const run = async (stored: IDataObject, watch: string) => {
		let given: IDataObject | undefined;
		const out = await exclusivePoll(pollContext(stored), { label: 'test', watch }, async (state) => {
			given = state;
			return { state: { ...state, polled: watch }, emit: [] };
		});
		return { given, out };
	};

	it('is saved with the state', async () => {
		const stored: IDataObject = { cursor: 'a' };
		await run(stored, 'newListing');
		expect(stored).toMatchObject({ cursor: 'a', polled: 'newListing', watch: 'newListing' });
	});

	it("another watch's state starts this one from nothing, its pending items dropped", async () => {
		const stored: IDataObject = { watch: 'offers', stamp: 's1', key: 'all:', pending: [{ event: 'new', OfferId: 'o1' }] };
		const { given, out } = await run(stored, 'newListing');
		expect(given).toEqual({});
		expect(out).toBeNull();
		expect(stored).toEqual({ watch: 'newListing', polled: 'newListing', stamp: expect.any(String) });
	});

	it("its own watch's pending items are emitted, and a state saved before watches existed is read", async () => {
		const own: IDataObject = { watch: 'offers', stamp: 's2', key: 'all:', pending: [{ event: 'new', OfferId: 'o1' }] };
		expect((await run(own, 'offers')).out).toEqual([[{ json: { event: 'new', OfferId: 'o1' } }]]);
		const earlier: IDataObject = { event: 'newListing', cursor: 'c' };
		expect((await run(earlier, 'newListing')).given).toEqual({ event: 'newListing', cursor: 'c' });
	});
});
