import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { describeAnswer, inputError } from '../../shared';
import { listingLocator, listingPath, type Reader } from './fields';
import type { FormDrivenWrite } from './formDriven';
import { LISTING } from './kinds';
import { getRecord } from './reads';

/** The business limits of spec 2.6 that depend on what a listing already has. */
export type ListingLimit = 'sellerContact' | 'homeWarrantyContact' | 'referringAgent';

/** The length of a list field (absent or null: none yet); anything else is not a count the node can trust. */
function lengthOf(listing: IDataObject, names: string[]): number | undefined {
	const name = names.find((n) => listing[n] !== undefined && listing[n] !== null);
	if (name === undefined) return 0;
	const held = listing[name];
	return Array.isArray(held) ? held.length : undefined;
}

interface Rule {
	max: number;
	what: string;
	count: (listing: IDataObject) => number | undefined;
	/** Where the addition is posted, below the listing's path. */
	path: string;
}

const RULES: Record<ListingLimit, Rule> = {
	sellerContact: {
		max: 5,
		what: 'seller contacts',
		count: (l) => lengthOf(l, ['sellers', 'sellerContacts']),
		path: '/sellerContact',
	},
	homeWarrantyContact: {
		max: 1,
		what: 'home warranty contact',
		count: (l) => (l.homeWarrantyContact ? 1 : 0),
		path: '/homeWarrantyContact',
	},
	referringAgent: {
		max: 1,
		what: 'referring agent',
		count: (l) => (l.referringAgentGuid || l.referringAgent ? 1 : 0),
		path: '/referringagent',
	},
};

/**
 * Refuses, before sending, an addition the listing has no room for: reads the listing once (in
 * whatever wrapping the service sends it; an unreadable answer fails the item rather than count 0)
 * and counts what it already holds.
 */
async function checkListingRoom(
	ctx: IExecuteFunctions,
	r: Reader,
	listingPath: string,
	limit: ListingLimit,
): Promise<void> {
	const rule = RULES[limit];
	const operation = `Check the listing before adding a ${rule.what.replace(/s$/, '')}`;
	const listing = await getRecord(ctx, listingPath, { kind: LISTING, operation, itemIndex: r.itemIndex });
	const count = rule.count(listing);
	if (count === undefined) {
		throw new NodeOperationError(
			ctx.getNode(),
			`${operation}: the listing's ${rule.what} could not be counted (${describeAnswer(listing)})`,
			{ itemIndex: r.itemIndex, description: 'The listing holds its contacts in a shape the node does not know: nothing was sent.' },
		);
	}
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

/**
 * What the writes that add one party to a listing (a seller contact, the home warranty contact, the
 * referring agent) share: the listing they go to, the path below it, the form that drives them
 * (`add<Party>ToListingForm`), and the room check before anything is sent.
 */
export function addToListing(
	limit: ListingLimit,
): Pick<FormDrivenWrite, 'method' | 'properties' | 'dependsOn' | 'path' | 'form' | 'check'> {
	const form = `/add${limit[0].toUpperCase()}${limit.slice(1)}ToListingForm`;
	return {
		method: 'POST',
		properties: [listingLocator()],
		dependsOn: ['listingGuid.value'],
		path: (r) => `${listingPath(r)}${RULES[limit].path}`,
		form: { request: (r) => ({ path: `${listingPath(r)}${form}` }) },
		async check(r) {
			await checkListingRoom(this, r, listingPath(r), limit);
		},
	};
}
