import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
} from 'n8n-workflow';

import {
	checkEnum,
	checkId,
	checkInt,
	checkIdList,
	checkNumber,
	checkString,
	collectPages,
	getLocatorValue,
	inputError,
	toDateOnly,
} from '../../shared';
import { formsRequest } from '../transport';
import { ACTION_ATTRIBUTES, CONTACT_TYPES } from './descriptions';

/** The largest page the service allows on its paged lists (spec section 8). */
export const MAX_PAGE_SIZE = 500;

export function fileIdOf(ctx: IExecuteFunctions, i: number, name = 'fileId'): number {
	return checkId(ctx, labelOf(name), getLocatorValue(ctx, name, i), i);
}

export function locatorIdOf(ctx: IExecuteFunctions, name: string, i: number): number {
	return checkId(ctx, labelOf(name), getLocatorValue(ctx, name, i), i);
}

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

const STATE = /^[A-Za-z]{2}$/;
const ZIP = /^\d{5}(-\d{4})?$/;

/** An address from a fixed collection `{ address: {...} }` (or a plain object): only what is given. */
export function addressOf(
	ctx: IExecuteFunctions,
	name: string,
	raw: unknown,
	i: number,
): IDataObject | undefined {
	const values = ((raw as IDataObject | undefined)?.address ?? raw) as IDataObject | undefined;
	if (!values || typeof values !== 'object') return undefined;
	const out: IDataObject = {};
	for (const key of ['streetNumber', 'streetName', 'unitNumber', 'city', 'state', 'postalCode', 'county']) {
		const value = values[key];
		if (value === undefined || value === null || value === '') continue;
		out[key] = checkString(ctx, `${name} ${key}`, value, i, { required: false, maxLength: 500 }).trim();
	}
	if (out.state !== undefined) {
		if (!STATE.test(String(out.state))) {
			throw inputError(ctx, `${name} State`, i, `must be a two-letter state code, got "${String(out.state)}"`);
		}
		out.state = String(out.state).toUpperCase();
	}
	if (out.postalCode !== undefined && !ZIP.test(String(out.postalCode))) {
		throw inputError(ctx, `${name} Postal Code`, i, `must be a 5-digit ZIP code (or ZIP+4), got "${String(out.postalCode)}"`);
	}
	return Object.keys(out).length ? out : undefined;
}

const CONTACT_TEXT_FIELDS = [
	'middleName',
	'suffix',
	'email',
	'primaryPhoneNumber',
	'brokeragePhoneNumber',
	'faxPhoneNumber',
	'companyName',
	'agentLicenseNumber',
	'agentMLSCode',
	'brokerLicenseNumber',
	'brokerMLSCode',
	'brokerageLicenseNumber',
	'brokerageMLSCode',
	'lenderLicenseNumber',
];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A contact in the service's write shape from its parts: type, first and last name (required) and
 * the optional fields. Everything is checked here, before any request.
 */
export function contactOf(
	ctx: IExecuteFunctions,
	i: number,
	input: { type: unknown; firstName: unknown; lastName: unknown; fields: IDataObject },
): IDataObject {
	const contact: IDataObject = {
		type: checkEnum(ctx, 'Contact Type', input.type, CONTACT_TYPES, i),
		firstName: checkString(ctx, 'First Name', input.firstName, i, { maxLength: 200 }).trim(),
		lastName: checkString(ctx, 'Last Name', input.lastName, i, { maxLength: 200 }).trim(),
	};
	const f = input.fields;
	if (f.actionAttribute !== undefined && f.actionAttribute !== '') {
		contact.actionAttribute = checkEnum(ctx, 'Action', f.actionAttribute, ACTION_ATTRIBUTES, i);
	}
	for (const flag of ['isEntity', 'isUser']) {
		if (f[flag] === undefined) continue;
		if (typeof f[flag] !== 'boolean') throw inputError(ctx, flag, i, `must be true or false, got ${JSON.stringify(f[flag])}`);
		contact[flag] = f[flag];
	}
	for (const key of CONTACT_TEXT_FIELDS) {
		if (f[key] === undefined || f[key] === null || f[key] === '') continue;
		contact[key] = checkString(ctx, key, f[key], i, { required: false, maxLength: 500 }).trim();
	}
	if (contact.email !== undefined && !EMAIL.test(String(contact.email))) {
		throw inputError(ctx, 'Email', i, `is not an email address, got "${String(contact.email)}"`);
	}
	const address = addressOf(ctx, 'Primary Address', f.primaryAddress, i);
	if (address) contact.primaryAddress = address;
	return contact;
}

/** A date parameter as `YYYY-MM-DD`, or undefined when empty. */
export function optionalDate(ctx: IExecuteFunctions, label: string, value: unknown, i: number): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	return toDateOnly(ctx, label, value, i);
}

export function optionalMoney(ctx: IExecuteFunctions, label: string, value: unknown, i: number): number | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const n = checkNumber(ctx, label, value, i);
	if (n < 0) throw inputError(ctx, label, i, `must be 0 or more, got ${n}`);
	return n;
}

/** The records of a list answer: the named array of a wrapper, or a bare array. */
export function recordsOf(response: unknown, key: string): IDataObject[] {
	if (Array.isArray(response)) return response as IDataObject[];
	const list = (response as IDataObject | undefined)?.[key];
	return Array.isArray(list) ? (list as IDataObject[]) : [];
}

export function totalOf(response: unknown): number | undefined {
	const total = (response as IDataObject | undefined)?.totalRecords;
	return typeof total === 'number' ? total : undefined;
}

/** Return All / Limit over a list the service answers whole (no paging). */
/** Return All / Limit of a list the service answers whole: read (and checked) before the request. */
export function listLimit(ctx: IExecuteFunctions, i: number): number | undefined {
	const returnAll = ctx.getNodeParameter('returnAll', i, false) as boolean;
	return returnAll ? undefined : limitOf(ctx, i);
}

export function applyLimit(records: IDataObject[], limit: number | undefined): IDataObject[] {
	return limit === undefined ? records : records.slice(0, limit);
}

/** The Limit parameter: a whole number of 1 or more. */
export function limitOf(ctx: IExecuteFunctions, i: number): number {
	return checkInt(ctx, 'Limit', ctx.getNodeParameter('limit', i, 50), i, { min: 1 });
}

/** Return All / Limit over a paged list (`page`, `pageSize` up to 500). */
export async function pagedRecords(
	ctx: IExecuteFunctions,
	i: number,
	path: string,
	key: string,
	qs: IDataObject = {},
): Promise<IDataObject[]> {
	const returnAll = ctx.getNodeParameter('returnAll', i, false) as boolean;
	const limit = returnAll ? undefined : limitOf(ctx, i);
	return await collectPages<IDataObject>({
		returnAll,
		limit,
		maxPageSize: MAX_PAGE_SIZE,
		fetchPage: async (page, pageSize) => {
			const response = await formsRequest.call(ctx, {
				method: 'GET',
				path,
				qs: { ...qs, page, pageSize },
				itemIndex: i,
			});
			return { records: recordsOf(response, key), total: totalOf(response) };
		},
	});
}

export const MLS_PROBLEMS = ['not_imported', 'failed', 'unknown'];

/** With "Error on Import Problem", an MLS outcome other than imported fails the item. */
export function checkMlsOutcome(
	ctx: IExecuteFunctions,
	i: number,
	response: IDataObject,
	errorOnProblem: boolean,
): void {
	const mls = response.mlsImport as IDataObject | undefined;
	if (!errorOnProblem || !mls) return;
	const status = String(mls.status ?? 'unknown');
	if (!MLS_PROBLEMS.includes(status)) return;
	const reason = mls.reason ? ` (${String(mls.reason)})` : '';
	const kept =
		response.fileId !== undefined ? ` File ${String(response.fileId)} exists and keeps what was written.` : '';
	throw new NodeOperationError(ctx.getNode(), `MLS import ${status}${reason}`, {
		itemIndex: i,
		description: `The service answered 200 but did not confirm the import.${kept} Check the file before importing again (File > Import MLS); this node never retries an import.`,
	});
}

/** A file name safe for a download (no path separators or control characters). */
export function safeFileName(name: string, fallback: string): string {
	const cleaned = [...name]
		.filter((ch) => ch.charCodeAt(0) >= 32 && !'/\\:*?"<>|'.includes(ch))
		.join('')
		.trim();
	return cleaned || fallback;
}

/** The filename of a Content-Disposition header, if any. */
export function fileNameFromDisposition(header: unknown): string | undefined {
	const value = Array.isArray(header) ? header[0] : header;
	if (typeof value !== 'string') return undefined;
	const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(value);
	if (star) {
		try {
			return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
		} catch {
			return star[1].trim();
		}
	}
	const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(value);
	return plain ? plain[1].trim() : undefined;
}

export function headerOf(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
	const value = headers[name] ?? headers[name.toLowerCase()];
	return Array.isArray(value) ? value[0] : value;
}
