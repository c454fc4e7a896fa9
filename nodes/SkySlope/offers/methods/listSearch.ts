import type { ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { listOffersInRange, offerAgentId, type Offer } from '../helpers/offers';
import { MAX_PAGE_SIZE, MAX_RANGE_DAYS } from '../service';

/**
 * The service has no search and no list of agents: both lists come from the offers of the last
 * MAX_RANGE_DAYS days (one window, at most a few pages), newest first, filtered here.
 */
const RECENT_OFFERS = 5 * MAX_PAGE_SIZE;
const DAY_MS = 24 * 3600 * 1000;

async function recentOffers(ctx: ILoadOptionsFunctions): Promise<Offer[]> {
	const end = new Date();
	const start = new Date(end.getTime() - MAX_RANGE_DAYS * DAY_MS);
	const offers = await listOffersInRange.call(ctx, { start, end, limit: RECENT_OFFERS });
	return offers.reverse();
}

function filtered(items: INodeListSearchItems[], filter?: string): INodeListSearchResult {
	const wanted = filter?.trim().toLowerCase();
	if (!wanted) return { results: items };
	return { results: items.filter((i) => `${i.name} ${i.value}`.toLowerCase().includes(wanted)) };
}

function text(value: unknown): string {
	return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** "123 Main St, Sacramento · 550000 · Submitted": where, how much and how it stands. */
function offerName(offer: Offer): string {
	const where = offer.OfferProperty ?? {};
	const street = [text(where.StreetNumber), text(where.StreetName)].filter(Boolean).join(' ');
	const address = [street, text(where.City)].filter(Boolean).join(', ');
	const terms = offer.OfferTerms ?? {};
	const parts = [address || text(offer.OfferId), text(terms.OfferPrice), text(terms.OfferStatus)];
	return parts.filter(Boolean).join(' · ');
}

export async function searchOffers(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const items = (await recentOffers(this))
		.filter((offer) => text(offer.OfferId))
		.map((offer) => ({ name: offerName(offer), value: text(offer.OfferId) }));
	return filtered(items, filter);
}

export async function searchOfferAgents(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const counts = new Map<string, number>();
	for (const offer of await recentOffers(this)) {
		const agentId = offerAgentId(offer);
		if (agentId) counts.set(agentId, (counts.get(agentId) ?? 0) + 1);
	}
	const items = [...counts.entries()]
		.sort(([a], [b]) => a.localeCompare(b))
		.map(([agentId, count]) => ({ name: `${agentId} (${count} recent offer${count === 1 ? '' : 's'})`, value: agentId }));
	return filtered(items, filter);
}
