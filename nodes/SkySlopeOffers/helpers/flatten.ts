import type { IDataObject } from 'n8n-workflow';

/**
 * One level instead of RESO's nesting, for spreadsheets: OfferProperty's and OfferTerms' fields
 * next to the offer's own (their names do not collide), lists joined with ", ".
 */
export function flattenOffer(offer: IDataObject): IDataObject {
	const out: IDataObject = {};
	let currentGroup = '';
	const put = (key: string, value: unknown) => {
		let flat = value;
		if (Array.isArray(value)) {
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
