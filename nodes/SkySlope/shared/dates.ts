/**
 * Date-times as the SkySlope services write them. The live listings-and-sales service writes them
 * without a zone and with a short fraction (`2020-10-13T18:39:21.14`), and an empty date as
 * `0001-01-01T00:00:00` (.NET's DateTime.MinValue). A zone-less value is read as UTC: the service
 * stores and stamps UTC (its export's summary `createdOn` matches UTC server time in captured
 * answers, and its filters take UTC instants), and reading it as the host's local time, which is
 * what `Date.parse` does with a zone-less date-time, moves it by the host's offset. Every reader of
 * a service date in the nodes goes through here, so the result never depends on where n8n runs.
 */

const ZONED = /(?:[zZ]|[+-]\d{2}(?::?\d{2})?)$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?/;
/** .NET's DateTime.MinValue, the live service's "no date" (any time of day on 1 January of year 1). */
const EMPTY_DATE = /^0{3}1-01-01(?:[T ]|$)/;

/** Whether a value is the service's way to write "no date": null, empty, or year 1. */
function isEmptyDate(value: unknown): boolean {
	return value === null || value === undefined || (typeof value === 'string' && (value.trim() === '' || EMPTY_DATE.test(value.trim())));
}

/**
 * Milliseconds since the epoch of a service date or date-time, a zone-less one read as UTC;
 * undefined for no date (null, empty, year 1) and for what is not a date.
 */
export function serviceTime(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	if (typeof value !== 'string' || isEmptyDate(value)) return undefined;
	let text = value.trim();
	if (DATE_TIME.test(text) && !ZONED.test(text)) text = `${text.replace(' ', 'T')}Z`;
	const ms = Date.parse(text);
	return Number.isNaN(ms) ? undefined : ms;
}

/**
 * A service date-time as an ISO instant in UTC (`2020-10-13T18:39:21.140Z`), null for no date. A
 * value that is not a date is given back as it came: an output shows what the service wrote.
 */
export function serviceDate(value: unknown): unknown {
	if (isEmptyDate(value)) return null;
	if (typeof value !== 'string') return value;
	// A date without a time (`2024-05-01`) is a calendar day, not an instant: left as it is.
	if (!DATE_TIME.test(value.trim())) return value;
	const ms = serviceTime(value);
	return ms === undefined ? value : new Date(ms).toISOString();
}
