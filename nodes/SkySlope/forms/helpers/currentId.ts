import type { ILoadOptionsFunctions } from 'n8n-workflow';

/** The numeric id of a resourceLocator parameter of the node being edited, if one is set. */
export function currentId(ctx: ILoadOptionsFunctions, name: string): number | undefined {
	let raw: unknown;
	try {
		raw = ctx.getCurrentNodeParameter(name, { extractValue: true });
	} catch {
		return undefined;
	}
	const value = typeof raw === 'string' ? raw.trim() : raw;
	const n = typeof value === 'number' ? value : /^\d+$/.test(String(value ?? '')) ? Number(value) : NaN;
	return Number.isSafeInteger(n) && n >= 1 ? n : undefined;
}
