import type { IDataObject } from 'n8n-workflow';

/**
 * The record inside a payload that wraps it (`{ listing: {...} }`, `{ office: {...} }`): returned as
 * the item itself, with the answer's warnings kept.
 */
export const recordOf =
	(key: string) =>
	(value: unknown, item: IDataObject): IDataObject => {
		const inner = value && typeof value === 'object' ? (value as IDataObject)[key] : undefined;
		if (!inner || typeof inner !== 'object' || Array.isArray(inner)) return item;
		const out: IDataObject = { ...(inner as IDataObject) };
		if (item.warnings) out.warnings = item.warnings;
		return out;
	};

/** One item per record of a list payload (`{ offices: [...] }`). */
export const recordsOf =
	(key: string) =>
	(value: unknown): IDataObject[] => {
		const list = value && typeof value === 'object' ? (value as IDataObject)[key] : undefined;
		return Array.isArray(list) ? (list as IDataObject[]) : [];
	};
