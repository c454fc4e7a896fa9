// Offers windows stay inside the range: each asks for the range's days and at most one day beyond
// its last day (whether endDate counts its own day is not documented), never days in the future
// or long past the range. Read from what the node sends to the sandbox.
import { MAX_RANGE_DAYS } from '../../nodes/SkySlope/offers/service';
import { SkySlope } from '../../nodes/SkySlope/SkySlope.node';
import { runNode } from '../../harness/node';
import { offersCredentials, useOffers } from './setup';

const DAY = 24 * 3600 * 1000;
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

// What the node sends to the service, and what comes back, for ranges of 1 to 100 days written as
// users write them (bare days, mid-day instants, local offsets), the test process outside UTC, the
// sandbox reading endDate as including its own day and as excluding it.
describe('Get Many windows sent to the sandbox', () => {
	const env = useOffers();

	it('runs outside UTC, where local-time date methods would put some instants of a UTC day on another day', () => {
		expect(Intl.DateTimeFormat().resolvedOptions().timeZone).not.toMatch(/^(UTC|Etc\/UTC|GMT)$/);
		expect(new Date('2019-03-04T05:00:00Z').getTimezoneOffset()).not.toBe(0);
		expect([0, 23].map((h) => new Date(Date.UTC(2019, 2, 4, h, 30)).getDate())).not.toEqual([4, 4]);
	});

	/** `windows`: the windows asked, exactly; without it, only what every range's windows must be. */
	const cases: Array<{ name: string; start: string; end: string; windows?: string[][] }> = [
		{ name: '1 day, as a bare day', start: '2019-03-04', end: '2019-03-04', windows: [['2019-03-04', '2019-03-05']] },
		{
			// 05:00 UTC is the evening before in Los Angeles.
			name: '1 day, within it, written with an offset',
			start: '2019-03-03T21:00:00-08:00',
			end: '2019-03-04T20:00:00Z',
			windows: [['2019-03-04', '2019-03-05']],
		},
		{ name: '20 days, mid-day', start: '2019-03-04T05:00:00Z', end: '2019-03-24T05:00:00Z', windows: [['2019-03-04', '2019-03-25']] },
		{
			name: '31 days, as bare days',
			start: '2019-03-01',
			end: '2019-03-31',
			windows: [['2019-03-01', '2019-03-31'], ['2019-03-31', '2019-04-01']],
		},
		{
			name: '32 days, as bare days',
			start: '2019-03-01',
			end: '2019-04-01',
			windows: [['2019-03-01', '2019-03-31'], ['2019-03-31', '2019-04-02']],
		},
		{
			name: '62 days, mid-day',
			start: '2019-03-04T05:00:00Z',
			end: '2019-05-05T05:00:00Z',
			windows: [['2019-03-04', '2019-04-03'], ['2019-04-03', '2019-05-03'], ['2019-05-03', '2019-05-06']],
		},
		{
			name: '100 days, mid-day, written with offsets',
			start: '2019-03-03T21:00:00-08:00',
			end: '2019-06-11T22:00:00-07:00',
			windows: [
				['2019-03-04', '2019-04-03'],
				['2019-04-03', '2019-05-03'],
				['2019-05-03', '2019-06-02'],
				['2019-06-02', '2019-06-13'],
			],
		},
		{ name: 'a whole year, as bare days', start: '2025-01-01', end: '2025-12-31' },
		{ name: 'across a year\'s end, from midnight to mid-day', start: '2025-11-01T00:00:00Z', end: '2026-02-08T12:00:00Z' },
		{ name: 'one day, its first hour to its last', start: '2026-01-01T00:00:00Z', end: '2026-01-01T23:00:00Z' },
	];

	describe.each(['inclusive', 'exclusive'] as const)('the sandbox reading endDate %s of its own day', (reading) => {
		afterAll(() => {
			env.state.endDateReading = 'inclusive';
		});

		it.each(cases)('$name: windows inside the range, covering it, every offer in it once', async ({ name, start, end, windows }) => {
			env.state.endDateReading = reading;
			const startMs = Date.parse(start.length === 10 ? `${start}T00:00:00Z` : start);
			const endMs = end.length === 10 ? day(end) + DAY - 1 : Date.parse(end);
			const firstDay = Math.floor(startMs / DAY) * DAY;
			const lastDay = Math.floor(endMs / DAY) * DAY;
			// Offers on the first and last millisecond of every day from the day before the range to
			// the day after it, and on each side of the range's own start and end.
			const tag = `${reading}-${name}`;
			for (let d = firstDay - DAY; d <= lastDay + DAY; d += DAY) {
				for (const ms of [d, d + DAY - 1]) env.state.upsert({ OfferId: `${tag}-${ms}`, OfferSubmissionDate: new Date(ms).toISOString() });
			}
			for (const ms of [startMs - 1, startMs, endMs, endMs + 1]) {
				env.state.upsert({ OfferId: `${tag}-edge-${ms}`, OfferSubmissionDate: new Date(ms).toISOString() });
			}
			env.sandbox.clearLog();

			const result = await runNode({
				node: SkySlope,
				credentials: offersCredentials(env.sandbox),
				parameters: { resource: 'offer', operation: 'getAll', startDate: start, endDate: end, returnAll: true },
			});
			expect(result.error).toBeUndefined();

			const asked = env.sandbox
				.requests('offers', 'GET', /\/ext\/offers\/$/)
				.filter((r) => r.query.page === '1')
				.map((r) => [String(r.query.startDate), String(r.query.endDate)]);
			if (windows) expect(asked).toEqual(windows);
			// No more days asked than the range's, and one more a window at most.
			const days = asked.reduce((sum, [from, to]) => sum + (day(to) - day(from)) / DAY, 0);
			expect(days).toBeLessThanOrEqual((lastDay - firstDay) / DAY + 1 + asked.length);
			let covered = firstDay;
			for (const [from, to] of asked) {
				expect(day(from)).toBeGreaterThanOrEqual(firstDay); // none starts before the range
				expect(day(from)).toBeLessThanOrEqual(covered); // no gap, even with endDate exclusive
				expect(day(to)).toBeLessThanOrEqual(lastDay + DAY); // at most one day past the last
				expect(day(to) - day(from)).toBeLessThanOrEqual((MAX_RANGE_DAYS - 1) * DAY); // 31 days with endDate's own
				covered = day(to);
			}
			expect(covered).toBe(lastDay + DAY);

			const ids = result.output[0].map((i) => String(i.json.OfferId));
			expect(ids.length).toBe(new Set(ids).size);
			expect(ids.sort()).toEqual(env.state.inRange(startMs, endMs).map((o) => o.OfferId).sort());
			// The range's first and last moments (on its first and last days) are in, whichever the reading.
			expect(ids).toContain(`${tag}-edge-${startMs}`);
			expect(ids).toContain(`${tag}-edge-${endMs}`);
		});
	});
});
