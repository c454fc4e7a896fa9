// Offers windows stay inside the range: each asks for the range's days and at most one day beyond
// its last day (whether endDate counts its own day is not documented), never days in the future
// or long past the range.
import { dayWindows } from '../../nodes/SkySlopeOffers/helpers/offers';
import { MAX_RANGE_DAYS } from '../../nodes/SkySlopeOffers/service';

const DAY = 24 * 3600 * 1000;
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

describe('Offers date windows', () => {
	it.each([
		['2026-01-01T00:00:00Z', '2026-01-01T23:00:00Z'],
		['2026-01-01T10:00:00Z', '2026-01-20T15:30:00Z'],
		['2026-01-01T00:00:00Z', '2026-01-31T00:00:00Z'],
		['2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'],
		['2026-01-01T08:00:00Z', '2026-03-03T20:00:00Z'],
		['2025-11-01T00:00:00Z', '2026-02-08T12:00:00Z'],
		['2025-01-01T00:00:00Z', '2025-12-31T23:59:59Z'],
	])('%s to %s: covered whole, no window past the day after the last, none longer than the service takes', (from, to) => {
		const start = new Date(from);
		const end = new Date(to);
		const windows = dayWindows(start, end);
		const firstDay = day(from.slice(0, 10));
		const lastDay = day(to.slice(0, 10));
		expect(day(windows[0].startDate)).toBe(firstDay);
		let covered = firstDay;
		for (const w of windows) {
			const s = day(w.startDate);
			const e = day(w.endDate);
			// Read as exclusive of endDate, a window covers [s, e): the next must start at or before e.
			expect(s).toBeLessThanOrEqual(covered);
			expect(e).toBeGreaterThan(s);
			expect(e - s).toBeLessThanOrEqual((MAX_RANGE_DAYS - 1) * DAY);
			expect(e).toBeLessThanOrEqual(lastDay + DAY);
			covered = e;
		}
		// Exclusive reading: the last window reaches the day after the last day; inclusive: the last day.
		expect(covered).toBe(lastDay + DAY);
	});

	it('a 20-day range asks for 21 days in one window, a 100-day range reaches one day past it', () => {
		const twenty = dayWindows(new Date('2026-01-01T00:00:00Z'), new Date('2026-01-20T12:00:00Z'));
		expect(twenty).toEqual([{ startDate: '2026-01-01', endDate: '2026-01-21' }]);
		const hundred = dayWindows(new Date('2026-01-01T00:00:00Z'), new Date('2026-04-10T12:00:00Z'));
		expect(hundred.at(-1)?.endDate).toBe('2026-04-11');
		const asked = hundred.reduce((sum, w) => sum + (day(w.endDate) - day(w.startDate)) / DAY, 0);
		expect(asked).toBeLessThanOrEqual(100 + hundred.length);
	});
});
