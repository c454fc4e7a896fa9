// What an SkySlope Trigger state has recorded, read as the node reads it.
import type { IDataObject } from 'n8n-workflow';

import type { Offer } from '../../nodes/SkySlope/offers/helpers/offers';
import { diffOffers, RECORD_LENGTH, type OffersTriggerState } from '../../nodes/SkySlope/offers/helpers/triggerState';

/** How many offers a state's book holds (written at the end of every poll): RECORD_LENGTH characters each. */
export const recordedCount = (state: IDataObject): number => (typeof state.book === 'string' ? state.book.length / RECORD_LENGTH : 0);

/**
 * The ids of those offers the state would report if read again, new or updated: none when it has
 * recorded each as it is now. (An offer submitted before the state's horizon is outside the watch,
 * and never reported: check those by `recordedCount`.)
 */
export const unrecorded = (state: IDataObject, offers: object[]): string[] =>
	diffOffers(structuredClone(state) as OffersTriggerState, structuredClone(offers) as Offer[], { includeUpdates: true }).map((x) => String(x.offer.OfferId));
