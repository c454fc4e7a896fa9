import { NodeOperationError, type IExecuteFunctions, type INode } from 'n8n-workflow';

/** What the checks need of n8n's context: the node, to name it in the error. */
type Ctx = Pick<IExecuteFunctions, 'getNode'>;

/**
 * Input checks run before any request. Each throws a NodeOperationError that names the parameter
 * and the item, so a user sees what to fix without the service ever being called.
 */
export function inputError(ctx: Ctx, name: string, itemIndex: number, problem: string, hint?: string) {
	return new NodeOperationError(ctx.getNode() as INode, `${name}: ${problem} [item ${itemIndex}]`, {
		itemIndex,
		description: hint ?? fixParameter(name),
	});
}

/** How to mend a refused value, when the check has nothing more particular to say. */
function fixParameter(name: string): string {
	return `Set ${name} to an accepted value in the node (or in the input data its expression reads), then run the item again. Nothing was sent for this item.`;
}

function show(value: unknown): string {
	const text = typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
	return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** A positive integer id (files, contacts, documents, envelopes, forms, templates: >= 1). */
export function checkId(ctx: Ctx, name: string, value: unknown, itemIndex: number): number {
	const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
	if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) {
		throw inputError(ctx, name, itemIndex, `must be a whole number of 1 or more, got ${show(value)}`);
	}
	return n;
}

/** A comma-separated or array list of ids, each >= 1. */
export function checkIdList(ctx: Ctx, name: string, value: unknown, itemIndex: number): number[] {
	const parts = Array.isArray(value)
		? value
		: typeof value === 'string'
			? value.split(',').map((s) => s.trim()).filter((s) => s !== '')
			: typeof value === 'number'
				? [value]
				: [];
	if (parts.length === 0) throw inputError(ctx, name, itemIndex, 'needs at least one id');
	return parts.map((v) => checkId(ctx, name, v, itemIndex));
}

export function checkInt(
	ctx: Ctx,
	name: string,
	value: unknown,
	itemIndex: number,
	range: { min?: number; max?: number } = {},
): number {
	const n = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
	const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = range;
	if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < min || n > max) {
		throw inputError(ctx, name, itemIndex, `must be a whole number from ${min} to ${max}, got ${show(value)}`);
	}
	return n;
}

export function checkNumber(ctx: Ctx, name: string, value: unknown, itemIndex: number): number {
	const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof n !== 'number' || !Number.isFinite(n)) {
		throw inputError(ctx, name, itemIndex, `must be a number, got ${show(value)}`);
	}
	return n;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function checkGuid(ctx: Ctx, name: string, value: unknown, itemIndex: number): string {
	const text = typeof value === 'string' ? value.trim() : value;
	if (typeof text !== 'string' || !GUID.test(text)) {
		throw inputError(ctx, name, itemIndex, `must be a GUID like 3f2504e0-4f89-41d3-9a0c-0305e82c3301, got ${show(value)}`);
	}
	return text.toLowerCase();
}

export function checkEnum<T extends string>(
	ctx: Ctx,
	name: string,
	value: unknown,
	allowed: readonly T[],
	itemIndex: number,
): T {
	if (typeof value !== 'string' || !allowed.includes(value as T)) {
		throw inputError(ctx, name, itemIndex, `must be one of ${allowed.join(', ')}, got ${show(value)}`);
	}
	return value as T;
}

export function checkString(
	ctx: Ctx,
	name: string,
	value: unknown,
	itemIndex: number,
	rules: { required?: boolean; maxLength?: number } = {},
): string {
	const { required = true, maxLength = 10_000 } = rules;
	if (value === undefined || value === null) value = '';
	if (typeof value === 'number' || typeof value === 'boolean') value = String(value);
	if (typeof value !== 'string') throw inputError(ctx, name, itemIndex, `must be text, got ${show(value)}`);
	if (required && value.trim() === '') throw inputError(ctx, name, itemIndex, 'is required');
	if (value.length > maxLength) {
		throw inputError(ctx, name, itemIndex, `is ${value.length} characters long; at most ${maxLength} are accepted`);
	}
	return value;
}

/**
 * A text id that goes into a URL path (the spec types Offers ids as free strings). Characters that
 * could steer a path or a query are refused: an id carrying them is a mistake or an attack. The path
 * template still encodes whatever passes.
 */
export function checkPathId(ctx: Ctx, name: string, value: unknown, itemIndex: number, maxLength = 200): string {
	const id = checkString(ctx, name, value, itemIndex, { maxLength }).trim();
	const bad = /[/\\?#%\s]|\.\./.exec(id)?.[0] ?? [...id].find((c) => c.charCodeAt(0) < 32 || c === '\u007f');
	if (bad !== undefined) {
		const what = bad === '..' ? '".."' : /\S/.test(bad) ? `"${bad}"` : 'a space or control character';
		throw inputError(ctx, name, itemIndex, `contains ${what}, which no ID has`, 'Pass the ID exactly as the service returned it.');
	}
	if (id === '.') throw inputError(ctx, name, itemIndex, '"." is not an ID');
	return id;
}

export function checkMaxItems<T>(ctx: Ctx, name: string, list: T[], max: number, itemIndex: number): T[] {
	if (list.length > max) {
		throw inputError(ctx, name, itemIndex, `has ${list.length} entries; the service allows at most ${max}`);
	}
	return list;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

interface ParsedDate {
	/** The calendar day as written, `YYYY-MM-DD`. */
	day: string;
	/** The instant; a value without time or offset is taken as midnight UTC. */
	instant: Date;
}

/**
 * Parses an n8n date parameter: an ISO string, `YYYY-MM-DD`, a JS Date, or a luxon DateTime
 * (duck-typed through `toISO`, so the package needs no date library at run time).
 */
export function parseDate(ctx: Ctx, name: string, value: unknown, itemIndex: number): ParsedDate {
	let text: string | undefined;
	if (value instanceof Date) text = Number.isNaN(value.getTime()) ? undefined : value.toISOString();
	else if (typeof value === 'string') text = value.trim();
	else if (value && typeof (value as { toISO?: unknown }).toISO === 'function') {
		text = String((value as { toISO: () => string }).toISO());
	}
	const match = text ? ISO_DATE.exec(text) : null;
	if (text && match) {
		const [, y, m, d, hh, mm, ss, fraction, zone] = match;
		const offset = zone && zone !== 'Z' ? zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2') : 'Z';
		const millis = fraction ? fraction.slice(0, 4).padEnd(4, '0') : '';
		const instant = new Date(`${y}-${m}-${d}T${hh ?? '00'}:${mm ?? '00'}:${ss ?? '00'}${millis}${offset}`);
		const sameDay = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
		if (!Number.isNaN(instant.getTime()) && sameDay.getUTCDate() === Number(d) && sameDay.getUTCMonth() === Number(m) - 1) {
			return { day: `${y}-${m}-${d}`, instant };
		}
	}
	throw inputError(ctx, name, itemIndex, `is not a date, got ${show(value)}`, 'Use a date picked in n8n or YYYY-MM-DD.');
}

/** A calendar date `YYYY-MM-DD`: the day as written (an explicit offset keeps its own day). */
export function toDateOnly(ctx: Ctx, name: string, value: unknown, itemIndex: number): string {
	return parseDate(ctx, name, value, itemIndex).day;
}

/** An ISO 8601 instant in UTC, e.g. `2024-01-02T03:04:05.000Z`. */
export function toIsoDateTime(ctx: Ctx, name: string, value: unknown, itemIndex: number): string {
	return parseDate(ctx, name, value, itemIndex).instant.toISOString();
}

export function toUnixSeconds(ctx: Ctx, name: string, value: unknown, itemIndex: number): number {
	return Math.floor(parseDate(ctx, name, value, itemIndex).instant.getTime() / 1000);
}
