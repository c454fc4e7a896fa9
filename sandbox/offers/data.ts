import { guid, mulberry32, pick } from '../core/random';

/** OfferProperty (spec 2.2): every field a string. */
export interface OfferProperty {
	OfferAgentId: string;
	ListingId: string;
	ListingKey: string;
	Market: string;
	PropertyType: string;
	ListingStatus: string;
	StreetNumber: string;
	StreetName: string;
	UnitNumber: string;
	City: string;
	StateOrProvince: string;
	PostalCode: string;
	CountyOrParish: string;
	ParcelNumber: string;
}

/** OfferTerms (spec 2.3). */
export interface OfferTerms {
	OfferPrice: number;
	OfferStatus: string;
	CreditAtClosing: string;
	EarnestMoney: number;
	OfferClosingDate: string;
	OfferClosingDays: number;
	Deposit: number;
	OfferExpirationDate: string;
	AdditionalTerms: string;
	Contingencies: string[];
	EscalationClause: string;
	HomeWarranty: string;
	IncreasedDeposit: number;
	BuyerFinancing: string;
	OfferVersionNumber: number;
}

/** Offer (spec 2.1). */
export interface Offer {
	OfferId: string;
	OfferOriginatingSystemId: string;
	OfferSourceSystemId: string;
	ModificationTimestamp: string;
	OfferSubmissionDate: string;
	OfferProperty: OfferProperty;
	OfferTerms: OfferTerms;
}

/** A listing that receives offers: the sandbox's own bookkeeping (fileId for agent listings). */
export interface Listing {
	fileId: number;
	listPrice: number;
	property: OfferProperty;
}

export const MARKET = 'MetroList';
export const DAY_MS = 24 * 3600 * 1000;

/** Listing agents (OfferProperty.OfferAgentId). The first has more than ten listings. */
export const AGENTS = ['AG1001', 'AG1002', 'AG1003', 'AG1004', 'AG1005'] as const;

const STREETS = ['Capitol Ave', 'J St', 'Fair Oaks Blvd', 'Alhambra Blvd', 'Land Park Dr', 'Folsom Blvd', 'H St', 'Freeport Blvd', 'Riverside Blvd', 'Arden Way'];
const CITIES: Array<[string, string, string]> = [
	['Sacramento', '95814', 'Sacramento'],
	['Sacramento', '95816', 'Sacramento'],
	['Sacramento', '95818', 'Sacramento'],
	['Roseville', '95661', 'Placer'],
	['Folsom', '95630', 'Sacramento'],
	['Davis', '95616', 'Yolo'],
	['Elk Grove', '95624', 'Sacramento'],
];
const FINANCING = ['Conventional', 'Conventional', 'FHA', 'VA', 'Cash'];
const STATUSES = ['Submitted', 'Submitted', 'Submitted', 'Countered', 'Accepted', 'Rejected', 'Withdrawn'];
const CONTINGENCIES = ['Inspection', 'Appraisal', 'Loan', 'Sale of Buyer Property', 'HOA Documents'];
const WARRANTY = ['None', 'Seller to pay up to $500', 'Seller to pay up to $750', 'Buyer to purchase'];

/** ISO 8601 in UTC with milliseconds, the shape every timestamp of the sandbox has. */
export const iso = (ms: number): string => new Date(ms).toISOString();

function makeListing(random: () => number, fileId: number, agent: string): Listing {
	const [City, PostalCode, CountyOrParish] = pick(random, CITIES);
	const condo = random() < 0.25;
	return {
		fileId,
		listPrice: Math.round((350 + random() * 650) * 1000 / 5000) * 5000,
		property: {
			OfferAgentId: agent,
			ListingId: `ML${(81000000 + fileId * 37).toString()}`,
			ListingKey: String(5_000_000 + fileId * 13),
			Market: MARKET,
			PropertyType: condo ? 'Condominium' : 'Residential',
			ListingStatus: 'Active',
			StreetNumber: String(100 + Math.floor(random() * 8900)),
			StreetName: pick(random, STREETS),
			UnitNumber: condo ? String(1 + Math.floor(random() * 40)) : '',
			City,
			StateOrProvince: 'CA',
			PostalCode,
			CountyOrParish,
			ParcelNumber: `${Math.floor(random() * 900) + 100}-${Math.floor(random() * 9000) + 1000}-${Math.floor(random() * 90) + 10}`,
		},
	};
}

function makeOffer(random: () => number, listing: Listing, submittedMs: number, anchorMs: number): Offer {
	const version = random() < 0.3 ? 2 + Math.floor(random() * 2) : 1;
	const later = submittedMs + (version - 1) * Math.floor(DAY_MS * (0.5 + random()));
	const modifiedMs = Math.max(submittedMs, Math.min(later, anchorMs - 1000));
	const price = Math.round((listing.listPrice * (0.94 + random() * 0.12)) / 1000) * 1000;
	const closingDays = pick(random, [21, 30, 30, 45, 60]);
	const contingencies = CONTINGENCIES.filter(() => random() < 0.45);
	const escalate = random() < 0.2;
	return {
		OfferId: guid(random),
		OfferOriginatingSystemId: 'SkySlope',
		OfferSourceSystemId: 'SKYSLOPE',
		ModificationTimestamp: iso(modifiedMs),
		OfferSubmissionDate: iso(submittedMs),
		OfferProperty: { ...listing.property },
		OfferTerms: {
			OfferPrice: price,
			OfferStatus: version > 1 && random() < 0.5 ? 'Countered' : pick(random, STATUSES),
			CreditAtClosing: random() < 0.3 ? `$${pick(random, [2500, 5000, 7500])}` : '0',
			EarnestMoney: Math.round(price * 0.03),
			OfferClosingDate: iso(submittedMs + closingDays * DAY_MS),
			OfferClosingDays: closingDays,
			Deposit: Math.round(price * 0.01),
			OfferExpirationDate: iso(submittedMs + 3 * DAY_MS),
			AdditionalTerms: random() < 0.3 ? 'Buyer requests seller leave the washer and dryer.' : '',
			Contingencies: contingencies,
			EscalationClause: escalate ? `Escalate by $2,000 over any competing offer up to $${price + 25000}` : '',
			HomeWarranty: pick(random, WARRANTY),
			IncreasedDeposit: random() < 0.2 ? Math.round(price * 0.02) : 0,
			BuyerFinancing: pick(random, FINANCING),
			OfferVersionNumber: version,
		},
	};
}

/**
 * The deterministic seed: 30 listings of five agents, about 150 offers over the 180 days before
 * `anchorMs` (the start of the sandbox's UTC day), about a third of them on a later version.
 * `extra` offers (the benchmarks' scale knob) spread over the 365 days before the anchor.
 */
export function seedOffers(seed: number, anchorMs: number, extra: number): { listings: Listing[]; offers: Offer[] } {
	const random = mulberry32((seed ^ 0x0ffe25) >>> 0);
	const listings: Listing[] = [];
	for (let i = 0; i < 30; i++) {
		// Agent AG1001 owns 12 listings (more than the ten the agent-listings call returns).
		const agent = i < 12 ? AGENTS[0] : AGENTS[1 + ((i - 12) % (AGENTS.length - 1))];
		listings.push(makeListing(random, 10001 + i, agent));
	}
	const offers: Offer[] = [];
	const count = 150;
	for (let i = 0; i < count; i++) {
		const listing = listings[i % listings.length];
		// Spread evenly over 180 days, with a random time of day; never in the future.
		const dayOffset = 180 - Math.floor((i * 180) / count);
		const submitted = anchorMs - dayOffset * DAY_MS + Math.floor(random() * DAY_MS * 0.9);
		offers.push(makeOffer(random, listing, submitted, anchorMs));
	}
	const extraListings: Listing[] = [];
	for (let i = 0; i < extra; i++) {
		if (i % 5 === 0) {
			extraListings.push(makeListing(random, 20001 + extraListings.length, pick(random, AGENTS)));
		}
		const listing = extraListings[extraListings.length - 1];
		const submitted = anchorMs - 365 * DAY_MS + Math.floor(random() * 365 * DAY_MS);
		offers.push(makeOffer(random, listing, submitted, anchorMs));
	}
	return { listings: [...listings, ...extraListings], offers };
}
