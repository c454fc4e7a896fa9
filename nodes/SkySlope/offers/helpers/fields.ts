import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { locatorField, TEXT_ID_MODE } from '../../shared/fields';
import { isRecord } from '../../shared/records';
import { checkPathId, inputError, parseDate } from '../../shared/validate';
import { flattenOffer } from './flatten';
import { simplifyOffer } from './simplify';

/**
 * The spreadsheet switch of every offer-returning operation (and the trigger): the full record one
 * level deep. On the operations that have Simplify, an offer asked to be flattened comes out
 * flattened whatever Simplify says (workflows saved before Simplify keep their output).
 */
export const flattenOption: INodeProperties = {
	displayName: 'Flatten',
	name: 'flatten',
	type: 'boolean',
	default: false,
	description:
		'Whether to put the property and terms fields next to the offer\'s own fields, one level deep, with lists joined by commas (for spreadsheets). On Get and Get Many this gives every field of the offer, Simplify or not.',
};

/** How an offer comes out: flattened (every field), simplified (the default), or as the service sent it. */
export function offerOutput(
	ctx: IExecuteFunctions,
	itemIndex: number,
	flatten: boolean | undefined,
): (offer: IDataObject) => IDataObject {
	if (flatten === true) return flattenOffer;
	return ctx.getNodeParameter('simplify', itemIndex, true) === false ? (offer) => offer : simplifyOffer;
}

/** The offer to read: picked from recent offers, or its OfferId. */
export function offerIdField(): INodeProperties {
	return locatorField({
		name: 'offerId',
		displayName: 'Offer ID',
		description: 'The offer to read',
		searchListMethod: 'searchOffers',
		id: TEXT_ID_MODE('offer', '3f2504e0-4f89-41d3-9a0c-0305e82c3301'),
	});
}

/** An agent (OfferProperty.OfferAgentId): picked from the agents of recent offers, or typed. */
export function agentIdField(description: string, required = true): INodeProperties {
	return locatorField({
		name: 'agentId',
		displayName: 'Agent ID',
		description,
		searchListMethod: 'searchOfferAgents',
		id: TEXT_ID_MODE('agent', 'AG1001'),
		required,
	});
}

/**
 * A locator's value however it was saved: `{ mode, value }` from the editor, or the plain string
 * that workflows saved before the field was a locator hold (inside a collection n8n does not
 * extract it). No Offers locator has a URL mode, so the value is taken as it is.
 */
function locatorValue(raw: unknown): unknown {
	return isRecord(raw) && 'value' in raw ? raw.value : raw;
}

/** The Offer ID parameter, checked before any request. */
export function readOfferId(ctx: IExecuteFunctions, itemIndex: number): string {
	return checkPathId(ctx, 'Offer ID', locatorValue(ctx.getNodeParameter('offerId', itemIndex)), itemIndex);
}

/** An Agent ID (a parameter or an option's value), checked before any request. */
export function readAgentId(ctx: Pick<IExecuteFunctions, 'getNode'>, raw: unknown, itemIndex: number): string {
	return checkPathId(ctx, 'Agent ID', locatorValue(raw), itemIndex);
}

/** The Agent ID option of a filter: undefined when left empty. */
export function readOptionalAgentId(
	ctx: Pick<IExecuteFunctions, 'getNode'>,
	raw: unknown,
	itemIndex: number,
): string | undefined {
	return locatorValue(raw) ? readAgentId(ctx, raw, itemIndex) : undefined;
}

/** The Start Date and End Date of a range; `end` says what an empty End Date means, if allowed. */
export function rangeFields(descriptions: { start: string; end: string }, endRequired: boolean): INodeProperties[] {
	return [
		{
			displayName: 'Start Date',
			name: 'startDate',
			type: 'dateTime',
			default: '',
			required: true,
			description: descriptions.start,
		},
		{
			displayName: 'End Date',
			name: 'endDate',
			type: 'dateTime',
			default: '',
			...(endRequired ? { required: true } : {}),
			description: descriptions.end,
		},
	];
}

const DATE_ONLY = /^\s*\d{4}-\d{2}-\d{2}\s*$/;
const DAY_MS = 24 * 3600 * 1000;

/**
 * The range of the Start Date and End Date parameters, as UTC instants. A value without a zone is
 * read as UTC; an end given as a bare date (`YYYY-MM-DD`) includes that whole day; an empty end is
 * now unless the end is required.
 */
export function readRange(ctx: IExecuteFunctions, itemIndex: number, endRequired: boolean): { start: Date; end: Date } {
	const rawStart = ctx.getNodeParameter('startDate', itemIndex, '') as unknown;
	const rawEnd = ctx.getNodeParameter('endDate', itemIndex, '') as unknown;
	if (rawStart === '' || rawStart === null || rawStart === undefined) {
		throw inputError(ctx, 'Start Date', itemIndex, 'is required');
	}
	const start = parseDate(ctx, 'Start Date', rawStart, itemIndex).instant;
	let end: Date;
	if (rawEnd === '' || rawEnd === null || rawEnd === undefined) {
		if (endRequired) throw inputError(ctx, 'End Date', itemIndex, 'is required');
		end = new Date();
	} else {
		end = parseDate(ctx, 'End Date', rawEnd, itemIndex).instant;
		if (typeof rawEnd === 'string' && DATE_ONLY.test(rawEnd)) end = new Date(end.getTime() + DAY_MS - 1);
	}
	if (end.getTime() < start.getTime()) {
		throw inputError(ctx, 'End Date', itemIndex, `must not be before Start Date (${start.toISOString()})`);
	}
	return { start, end };
}
