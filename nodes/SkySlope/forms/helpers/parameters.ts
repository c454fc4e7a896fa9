import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { checkId, checkIdList, checkNumber, checkString, getLocatorValue, inputError, toDateOnly } from '../../shared';

/** Readers of the Forms resources' parameters: checked before any request. */

const LABELS: Record<string, string> = {
	fileId: 'File',
	documentId: 'Document',
	envelopeId: 'Envelope',
	templateId: 'Template',
	contactId: 'Contact',
	onBehalfOf: 'On Behalf Of',
	documentIds: 'Documents',
};

export function labelOf(name: string): string {
	return LABELS[name] ?? name;
}

/** The numeric id of a resource locator parameter. */
export function locatorIdOf(ctx: IExecuteFunctions, name: string, i: number): number {
	return checkId(ctx, labelOf(name), getLocatorValue(ctx, name, i), i);
}

export function fileIdOf(ctx: IExecuteFunctions, i: number, name = 'fileId'): number {
	return locatorIdOf(ctx, name, i);
}

/** The optional On Behalf Of user id: undefined when left empty. */
export function onBehalfOfOf(ctx: IExecuteFunctions, i: number): string | undefined {
	const raw = getLocatorValue(ctx, 'onBehalfOf', i);
	if (raw === undefined || raw === null || raw === '') return undefined;
	const value = checkString(ctx, 'On Behalf Of', raw, i, { required: false, maxLength: 200 }).trim();
	return value === '' ? undefined : value;
}

/** Adds onBehalfOf to a body when the user chose someone. */
export function withOnBehalfOf<T extends IDataObject>(body: T, onBehalfOf: string | undefined): T {
	return onBehalfOf === undefined ? body : { ...body, onBehalfOf };
}

export function documentIdsOf(ctx: IExecuteFunctions, i: number, max = 100): number[] {
	const ids = checkIdList(ctx, 'Documents', ctx.getNodeParameter('documentIds', i), i);
	const unique = [...new Set(ids)];
	if (unique.length > max) {
		throw inputError(ctx, 'Documents', i, `has ${unique.length} documents; at most ${max} are accepted`);
	}
	return unique;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** A date parameter as `YYYY-MM-DD`, or undefined when empty. */
function optionalDate(ctx: IExecuteFunctions, label: string, value: unknown, i: number): string | undefined {
	return isEmpty(value) ? undefined : toDateOnly(ctx, label, value, i);
}

function optionalMoney(ctx: IExecuteFunctions, label: string, value: unknown, i: number): number | undefined {
	if (isEmpty(value)) return undefined;
	const n = checkNumber(ctx, label, value, i);
	if (n < 0) throw inputError(ctx, label, i, `must be 0 or more, got ${n}`);
	return n;
}

/** A text parameter, trimmed, or undefined when empty. */
function optionalText(
	ctx: IExecuteFunctions,
	label: string,
	value: unknown,
	i: number,
	maxLength: number,
): string | undefined {
	return isEmpty(value) ? undefined : checkString(ctx, label, value, i, { maxLength }).trim();
}

/** The file values Update Details and Replace share, read from their collection; empty ones left out. */
export function fileValuesOf(
	ctx: IExecuteFunctions,
	i: number,
	fields: IDataObject,
): { mlsNumber?: string; purchasePrice?: number; closingDate?: string; acceptanceDate?: string } {
	return {
		mlsNumber: optionalText(ctx, 'MLS Number', fields.mlsNumber, i, 50),
		purchasePrice: optionalMoney(ctx, 'Purchase Price', fields.purchasePrice, i),
		closingDate: optionalDate(ctx, 'Closing Date', fields.closingDate, i),
		acceptanceDate: optionalDate(ctx, 'Acceptance Date', fields.acceptanceDate, i),
	};
}
