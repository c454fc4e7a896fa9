import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { inputError, parseDate } from '../../shared';

/** The "Simplify"-like switch every offer-returning operation has. */
export const flattenOption: INodeProperties = {
	displayName: 'Flatten',
	name: 'flatten',
	type: 'boolean',
	default: false,
	description:
		'Whether to put the fields of OfferProperty and OfferTerms next to the offer\'s own fields, one level deep, with lists joined by commas (for spreadsheets)',
};

const DATE_ONLY = /^\s*\d{4}-\d{2}-\d{2}\s*$/;
const DAY_MS = 24 * 3600 * 1000;

/**
 * A date range from two n8n date parameters, as UTC instants. A value without a zone is read as
 * UTC; an end given as a bare date (`YYYY-MM-DD`) includes that whole day; an empty end is now.
 */
export function readRange(
	ctx: IExecuteFunctions,
	itemIndex: number,
	names: { start: string; end: string },
	labels: { start: string; end: string },
	endRequired: boolean,
): { start: Date; end: Date } {
	const rawStart = ctx.getNodeParameter(names.start, itemIndex, '') as unknown;
	const rawEnd = ctx.getNodeParameter(names.end, itemIndex, '') as unknown;
	if (rawStart === '' || rawStart === null || rawStart === undefined) {
		throw inputError(ctx, labels.start, itemIndex, 'is required');
	}
	const start = parseDate(ctx, labels.start, rawStart, itemIndex).instant;
	let end: Date;
	if (rawEnd === '' || rawEnd === null || rawEnd === undefined) {
		if (endRequired) throw inputError(ctx, labels.end, itemIndex, 'is required');
		end = new Date();
	} else {
		end = parseDate(ctx, labels.end, rawEnd, itemIndex).instant;
		if (typeof rawEnd === 'string' && DATE_ONLY.test(rawEnd)) end = new Date(end.getTime() + DAY_MS - 1);
	}
	if (end.getTime() < start.getTime()) {
		throw inputError(ctx, labels.end, itemIndex, `must not be before ${labels.start} (${start.toISOString()})`);
	}
	return { start, end };
}
