import type { IDataObject } from 'n8n-workflow';

/**
 * A contingency as text, whichever shape it comes in: a name (`"Inspection"`, the service documents'
 * examples), `{name, …}` (SkySlope's OpenAPI) or `{Type, Days}`; with its days when given. Another
 * shape stays JSON, so nothing is lost.
 */
export function contingencyText(contingency: unknown): string {
	if (contingency === null || typeof contingency !== 'object' || Array.isArray(contingency)) return String(contingency);
	const record = contingency as IDataObject;
	const name = [record.name, record.Name, record.Type, record.type].find((v) => typeof v === 'string' && v.trim() !== '');
	if (typeof name !== 'string') return JSON.stringify(contingency);
	const days = record.Days ?? record.days;
	return typeof days === 'number' || (typeof days === 'string' && days.trim() !== '') ? `${name} (${String(days)} days)` : name;
}

/**
 * One level instead of RESO's nesting, for spreadsheets: OfferProperty's and OfferTerms' fields
 * next to the offer's own (their names do not collide), lists joined with ", ".
 */
export function flattenOffer(offer: IDataObject): IDataObject {
	const out: IDataObject = {};
	let currentGroup = '';
	const put = (key: string, value: unknown) => {
		let flat = value;
		if (key === 'Contingencies' && Array.isArray(value)) {
			flat = value.map(contingencyText).join(', ');
		} else if (Array.isArray(value)) {
			flat = value.map((v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ');
		} else if (value !== null && typeof value === 'object') {
			flat = JSON.stringify(value);
		}
		// A name the offer already has keeps its first value; the nested one gets its group's prefix.
		out[key in out ? `${currentGroup}${key}` : key] = flat as IDataObject[string];
	};
	for (const [key, value] of Object.entries(offer)) {
		if ((key === 'OfferProperty' || key === 'OfferTerms') && value && typeof value === 'object' && !Array.isArray(value)) {
			continue;
		}
		put(key, value);
	}
	for (const group of ['OfferProperty', 'OfferTerms']) {
		const nested = offer[group];
		if (!nested || typeof nested !== 'object' || Array.isArray(nested)) continue;
		currentGroup = `${group}_`;
		for (const [key, value] of Object.entries(nested as IDataObject)) put(key, value);
	}
	return out;
}
