import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { isRecord } from './records';

/**
 * An answer's `warnings`, on every node: a write answered 200 "The folder was not updated" must
 * not look like a success. The transport notes what an item's answers warned (noteWarnings); the
 * router puts it on every output item of that item and once per execution as n8n's hint above the
 * output (showWarnings). Operations do nothing for it, so a new operation has it too.
 */

/** One warning as text: a string, or an object's message (else the object as JSON). */
function warningText(entry: unknown): string {
	if (typeof entry === 'string') return entry;
	if (isRecord(entry)) {
		const said = entry.message ?? entry.description ?? entry.title;
		if (typeof said === 'string' && said) return said;
	}
	return JSON.stringify(entry);
}

/** The warnings of an answer's body: a list of strings or objects, or one string; none when empty or null. */
export function warningsOf(body: unknown): string[] | undefined {
	// A download's bytes or a stream have no `warnings`.
	if (!isRecord(body)) return undefined;
	const w = body.warnings;
	if (typeof w === 'string') return w.trim() ? [w.trim()] : undefined;
	if (!Array.isArray(w)) return undefined;
	const texts = w.filter((e) => e !== null && e !== undefined && e !== '').map(warningText);
	return texts.length ? texts : undefined;
}

/** What each item's answers warned, by execution context (one `execute` call) and item. */
const noted = new WeakMap<object, Map<number, string[]>>();

/** Notes an answer's warnings for the item it was sent for (nothing without an item: triggers, lists to pick from). */
export function noteWarnings(ctx: object, itemIndex: number | undefined, body: unknown): void {
	const warnings = itemIndex === undefined ? undefined : warningsOf(body);
	if (!warnings) return;
	let byItem = noted.get(ctx);
	if (!byItem) noted.set(ctx, (byItem = new Map()));
	const before = byItem.get(itemIndex!) ?? [];
	byItem.set(itemIndex!, [...before, ...warnings.filter((w) => !before.includes(w))]);
}

/** The warnings noted for an item, forgotten once taken. */
export function takeWarnings(ctx: object, itemIndex: number): string[] | undefined {
	const byItem = noted.get(ctx);
	const warnings = byItem?.get(itemIndex);
	byItem?.delete(itemIndex);
	return warnings;
}

/** The warnings already shown as a hint in one execution, by context: each once. */
const hinted = new WeakMap<object, Set<string>>();

/** Puts the warnings on each item that has none of its own, and shows each new one as a hint. */
export function showWarnings(ctx: IExecuteFunctions, items: INodeExecutionData[], warnings: string[] | undefined): INodeExecutionData[] {
	if (!warnings?.length) return items;
	let shown = hinted.get(ctx);
	if (!shown) hinted.set(ctx, (shown = new Set()));
	const fresh = warnings.filter((w) => !shown.has(w));
	fresh.forEach((w) => shown.add(w));
	// Every n8n this package supports has execution hints; a context without them still has the field.
	if (fresh.length && typeof ctx.addExecutionHints === 'function') {
		ctx.addExecutionHints(...fresh.map((w) => ({ message: `SkySlope warned: ${w}`, type: 'warning' as const, location: 'outputPane' as const })));
	}
	return items.map((item) => (item.json.warnings === undefined ? { ...item, json: { ...item.json, warnings } } : item));
}
