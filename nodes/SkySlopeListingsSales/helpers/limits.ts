import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { inputError } from '../../shared';
import { currentValue } from './formDriven';
import type { Reader } from './fields';

/** The business limits of spec 2.6 that depend on what a listing already has. */
export type ListingLimit = 'sellerContact' | 'homeWarrantyContact' | 'referringAgent';

const RULES: Record<ListingLimit, { max: number; what: string; count: (listing: IDataObject) => number }> = {
	sellerContact: {
		max: 5,
		what: 'seller contacts',
		count: (l) => (Array.isArray(l.sellers) ? l.sellers.length : 0),
	},
	homeWarrantyContact: {
		max: 1,
		what: 'home warranty contact',
		count: (l) => (l.homeWarrantyContact ? 1 : 0),
	},
	referringAgent: {
		max: 1,
		what: 'referring agent',
		count: (l) => (l.referringAgentGuid ? 1 : 0),
	},
};

/**
 * Refuses, before sending, an addition the listing has no room for: reads the listing once and
 * counts what it already holds.
 */
export async function checkListingRoom(
	ctx: IExecuteFunctions,
	r: Reader,
	listingPath: string,
	limit: ListingLimit,
): Promise<void> {
	const rule = RULES[limit];
	const value = await currentValue(ctx, listingPath, r.itemIndex);
	const listing = (value.listing as IDataObject | undefined) ?? value;
	const count = rule.count(listing);
	if (count >= rule.max) {
		throw inputError(
			ctx,
			'Listing',
			r.itemIndex,
			`already has ${count} ${rule.what}; a listing has at most ${rule.max}`,
			limit === 'sellerContact' ? undefined : 'Update the existing one instead.',
		);
	}
}
