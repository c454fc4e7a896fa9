import type { IDataObject } from 'n8n-workflow';

/**
 * The one reader of a bulk export's summary (spec 2.5: `numberOfListings`, `numberOfSales`), for
 * everything that checks an export against it: the Bulk Export action, the trigger's windows and
 * status-book slices, and the account's count of its files.
 */

export type FileKind = 'listing' | 'sale';

const COUNT_FIELD: Record<FileKind, string> = { listing: 'numberOfListings', sale: 'numberOfSales' };

/** The summary's count of each type asked for; a type it gives no number for is `unreadable`. */
export function summaryCounts(summary: IDataObject, types: string[]): { counts: Record<string, number>; unreadable: string[] } {
	const counts: Record<string, number> = {};
	const unreadable: string[] = [];
	for (const type of types) {
		const raw = summary[COUNT_FIELD[type as FileKind]];
		// A number, or a number written as text; anything else says nothing about how many came.
		const count = typeof raw === 'number' || (typeof raw === 'string' && raw.trim() !== '') ? Number(raw) : NaN;
		if (Number.isInteger(count) && count >= 0) counts[type] = count;
		else unreadable.push(type);
	}
	return { counts, unreadable };
}

/**
 * Why an export read is not known to be whole, in words, or undefined when it is: no summary (an
 * empty answer is not "nothing there"), a summary without a count for a type asked for, or fewer
 * files than it announced (a read cut short).
 */
export function notWhole(types: string[], summary: IDataObject | undefined, received: Record<string, number>): string | undefined {
	const brought = () => types.map((t) => `${received[t] ?? 0} ${t}s`).join(' and ');
	if (!summary) return `came without its summary, so whether it is whole cannot be told (it brought ${brought()})`;
	const { counts, unreadable } = summaryCounts(summary, types);
	if (unreadable.length) {
		return `came with a summary that gives no number of ${unreadable.join(' or ')}s, so whether it is whole cannot be told (the summary: ${JSON.stringify(summary).slice(0, 300)})`;
	}
	const short = types.filter((t) => (received[t] ?? 0) < counts[t]);
	if (short.length) return `ended early: ${short.map((t) => `${received[t] ?? 0} of ${counts[t]} ${t}s`).join(', ')} arrived`;
	return undefined;
}
