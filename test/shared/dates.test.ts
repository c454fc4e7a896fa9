import { serviceDate, serviceTime } from '../../nodes/SkySlope/shared/dates';
import { sameStatus, statusKey, statusWanted } from '../../nodes/SkySlope/listingsSales/helpers/statuses';

describe('service dates, read one way wherever n8n runs', () => {
	it('runs outside UTC (jest.config.js), so that a local-time reading would show', () => {
		expect(new Date(2020, 9, 13).getTimezoneOffset()).not.toBe(0);
	});

	it.each([
		['2020-10-13T18:39:21.14', '2020-10-13T18:39:21.140Z'],
		['2020-03-12T10:40:24.473', '2020-03-12T10:40:24.473Z'],
		['2020-03-12T10:40:24', '2020-03-12T10:40:24.000Z'],
		['2020-03-12 10:40:24', '2020-03-12T10:40:24.000Z'],
		['2020-03-12T10:40:24.1234567', '2020-03-12T10:40:24.123Z'],
		['2020-03-12T10:40:24Z', '2020-03-12T10:40:24.000Z'],
		['2020-03-12T10:40:24.5+02:00', '2020-03-12T08:40:24.500Z'],
		['2020-03-12T10:40:24-0700', '2020-03-12T17:40:24.000Z'],
	])('%s is the instant %s (a zone-less one as UTC)', (raw, instant) => {
		expect(serviceTime(raw)).toBe(Date.parse(instant));
		expect(serviceDate(raw)).toBe(instant);
	});

	it.each([['0001-01-01T00:00:00'], ['0001-01-01T00:00:00Z'], ['0001-01-01'], [''], [null], [undefined]])('%p is no date', (raw) => {
		expect(serviceTime(raw)).toBeUndefined();
		expect(serviceDate(raw)).toBeNull();
	});

	it('a calendar day stays a day, and what is not a date comes back as it came', () => {
		expect(serviceDate('2024-05-01')).toBe('2024-05-01');
		expect(serviceTime('2024-05-01')).toBe(Date.UTC(2024, 4, 1));
		expect(serviceDate('soon')).toBe('soon');
		expect(serviceTime('soon')).toBeUndefined();
		expect(serviceDate(42)).toBe(42);
	});
});

describe('statuses in either spelling', () => {
	it.each([
		['Closed', 'closed'],
		['Canceled/App', 'canceledApproved'],
		['Canceled/Pend', 'canceledPending'],
		['CANCELLED APPROVED', 'canceledApproved'],
		['Pre-Contract', 'preContract'],
		['Active', 'active'],
	])('%s is %s', (display, value) => {
		expect(statusKey(display)).toBe(statusKey(value));
		expect(sameStatus(display, value)).toBe(true);
	});

	it('different statuses stay different; an unknown one matches only itself, or anything when none is wanted', () => {
		expect(sameStatus('Canceled/App', 'canceledPending')).toBe(false);
		expect(sameStatus('Closed', 'archived')).toBe(false);
		expect(statusWanted('Transaction', [])).toBe(true);
		expect(statusWanted('Transaction', ['active', 'closed'])).toBe(false);
		expect(statusWanted('Transaction', ['transaction'])).toBe(true);
		expect(statusWanted('Closed', ['pending', 'closed'])).toBe(true);
	});
});
