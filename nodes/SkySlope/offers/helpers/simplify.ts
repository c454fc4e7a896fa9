import type { IDataObject } from 'n8n-workflow';

import { contingencyText } from './flatten';

/** The Simplify output of Offer > Get and Get Many: what a person (or an AI agent) reads first, flat. */

const group = (offer: IDataObject, name: string): IDataObject => {
	const value = offer[name];
	return value && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : {};
};

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value).trim());

/** `12 Oak St #4, Davis, CA 95616`: the parts given, in that order; null with none. */
function offerAddress(property: IDataObject): string | null {
	const street = [text(property.StreetNumber), text(property.StreetName)].filter(Boolean).join(' ');
	const unit = text(property.UnitNumber);
	const line = street && unit ? `${street} #${unit}` : street || (unit ? `#${unit}` : '');
	const region = [text(property.StateOrProvince), text(property.PostalCode)].filter(Boolean).join(' ');
	const address = [line, text(property.City), region].filter(Boolean).join(', ');
	return address || null;
}

/**
 * One flat record under the names of the offer (RESO's, as Flatten gives them): the same keys for
 * every offer, null where the offer has no value, so items line up.
 */
export function simplifyOffer(offer: IDataObject): IDataObject {
	const property = group(offer, 'OfferProperty');
	const terms = group(offer, 'OfferTerms');
	const contingencies = Array.isArray(terms.Contingencies) ? terms.Contingencies.map(contingencyText) : [];
	const pick = (record: IDataObject, key: string) => (record[key] ?? null) as IDataObject[string];
	return {
		OfferId: pick(offer, 'OfferId'),
		OfferSubmissionDate: pick(offer, 'OfferSubmissionDate'),
		ModificationTimestamp: pick(offer, 'ModificationTimestamp'),
		OfferStatus: pick(terms, 'OfferStatus'),
		OfferPrice: pick(terms, 'OfferPrice'),
		EarnestMoney: pick(terms, 'EarnestMoney'),
		BuyerFinancing: pick(terms, 'BuyerFinancing'),
		Contingencies: contingencies,
		OfferClosingDate: pick(terms, 'OfferClosingDate'),
		OfferExpirationDate: pick(terms, 'OfferExpirationDate'),
		OfferVersionNumber: pick(terms, 'OfferVersionNumber'),
		OfferAgentId: pick(property, 'OfferAgentId'),
		ListingId: pick(property, 'ListingId'),
		ListingStatus: pick(property, 'ListingStatus'),
		Address: offerAddress(property),
	};
}
