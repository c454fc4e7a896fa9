// A poll works on a copy of its state (n8n's static data is a watched proxy, and a failed poll must
// leave it as it was): copyJson gives what a round trip through JSON text gives, without writing a
// state's megabytes of packed books out as text and reading them back on every poll.
import { copyJson } from '../../nodes/shared/trigger';

describe('copyJson', () => {
	it('gives what JSON.parse(JSON.stringify(...)) gives, for every kind of value a state can hold', () => {
		const state = {
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
		expect(copyJson(state)).toStrictEqual(JSON.parse(JSON.stringify(state)));
	});

	it('is a copy: changing it leaves the original as it was', () => {
		const original = { history: { unread: [2026, 2025] }, seen: { a: [1, 2] } };
		const copy = copyJson(original) as typeof original;
		copy.history.unread.shift();
		copy.seen.a.push(3);
		(copy as Record<string, unknown>).added = 1;
		expect(original).toEqual({ history: { unread: [2026, 2025] }, seen: { a: [1, 2] } });
	});
});
