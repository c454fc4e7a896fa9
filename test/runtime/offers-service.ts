// The Offers service's side of the model: what the service did (every version of every offer, and
// when it appeared), and the oracle that holds the trigger's runs against it.
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { Offer, OffersState } from '../../sandbox/offers';

const DAY = 24 * 3600 * 1000;
/** Whole days before publishing that the first poll's first window covers (it begins at most 30 days back). */
const FIRST_WINDOW_DAYS = 29;

export type OfferCommand =
	| { t: 'create'; daysAgo: number; listing: number }
	| { t: 'revise'; pick: number; newVersion: boolean; submittedDaysAgo?: [number, number] }
	| { t: 'pageCap'; size: number }
	/**
	 * A replica behind: the service answers an offer's previous version until its next change (or
	 * the history's end). `versioned`: of the offers whose last change made a new version, if any.
	 */
	| { t: 'stale'; pick: number; versioned?: boolean };

interface Version {
	offer: Offer;
	/** The model's clock when the service began to answer it. */
	appearedAt: number;
	/** The service's clock then: what its ModificationTimestamp says (later, with the clock ahead). */
	stampedAt: number;
}

const canonical = (value: unknown): string => {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (value && typeof value === 'object') {
		return `{${Object.keys(value as IDataObject)
			.sort()
			.filter((k) => (value as IDataObject)[k] !== undefined)
			.map((k) => `${JSON.stringify(k)}:${canonical((value as IDataObject)[k])}`)
			.join(',')}}`;
	}
	return JSON.stringify(value);
};

export class OffersHistory {
	readonly versions = new Map<string, Version[]>();
	/** The watch began here (the model's clock at the first publish). */
	watchFrom = Number.POSITIVE_INFINITY;
	private revisions = 0;
	/** Offers answered stale now, with their latest version to put back. */
	private readonly stale = new Map<string, Offer>();

	/**
	 * `now`: the service's clock (its stamps); `trueNow`: the model's, which orders what happened
	 * (a change made after the watch began is after it, whatever the service's clock says).
	 */
	constructor(
		private readonly state: OffersState,
		private readonly now: () => number,
		private readonly trueNow: () => number,
	) {
		for (const offer of state.offers.values()) this.versions.set(offer.OfferId, [{ offer: structuredClone(offer), appearedAt: Number.NEGATIVE_INFINITY, stampedAt: Number.NEGATIVE_INFINITY }]);
	}

	/** The replicas catch up: every offer answered stale (or only `id`) is answered as it is again. */
	catchUp(id?: string): void {
		for (const [staleId, latest] of this.stale) {
			if (id !== undefined && staleId !== id) continue;
			const offer = this.state.offers.get(staleId);
			this.stale.delete(staleId);
			if (!offer) continue;
			for (const key of Object.keys(offer)) delete (offer as unknown as IDataObject)[key];
			Object.assign(offer, structuredClone(latest));
		}
	}

	apply(command: OfferCommand): string {
		if (command.t === 'stale') {
			const number = (v: Version) => v.offer.OfferTerms.OfferVersionNumber;
			// Two contents of one version stamped in one second cannot be ordered by anyone: the node
			// reports either as an update (docs/offers.md). A replica behind shows an earlier version, or
			// one modified in an earlier second.
			const second = (v: Version) => Math.floor(Date.parse(String(v.offer.ModificationTimestamp)) / 1000);
			const orderable = (v: Version[]) => number(v[v.length - 1]) !== number(v[v.length - 2]) || second(v[v.length - 1]) !== second(v[v.length - 2]);
			const candidates = [...this.versions.entries()].filter(([id, v]) => v.length > 1 && !this.stale.has(id) && orderable(v));
			const versioned = candidates.filter(([, v]) => number(v[v.length - 1]) !== number(v[v.length - 2]));
			const ids = (command.versioned && versioned.length ? versioned : candidates).map(([id]) => id).sort();
			if (!ids.length) return 'no offer with an earlier version to answer stale';
			const id = ids[command.pick % ids.length];
			const offer = this.state.offers.get(id);
			const versions = this.versions.get(id) as Version[];
			if (!offer) return 'no offer to answer stale';
			this.stale.set(id, structuredClone(offer));
			// In place: the service's index of offers holds this object.
			for (const key of Object.keys(offer)) delete (offer as unknown as IDataObject)[key];
			Object.assign(offer, structuredClone(versions[versions.length - 2].offer));
			return `a replica behind answers offer ${id} as its version before`;
		}
		if (command.t === 'pageCap') {
			this.state.pageCap = command.size;
			return `the service answers at most ${command.size} offers a page`;
		}
		if (command.t === 'create') {
			const listing = this.state.listings[command.listing % this.state.listings.length];
			// Stamped before it appears: the service's clock behind, or an offer entered late with its real time.
			const submitted = new Date(this.now() - command.daysAgo * DAY).toISOString();
			const { offer } = this.state.upsert({ fileId: listing.fileId, OfferSubmissionDate: submitted });
			this.record(offer);
			return `offer ${offer.OfferId} submitted ${submitted} appears`;
		}
		const range = command.submittedDaysAgo;
		const ids = [...this.versions.entries()]
			.filter(([, v]) => !range || this.ageInDays(v[v.length - 1].offer) >= range[0] && this.ageInDays(v[v.length - 1].offer) <= range[1])
			.map(([id]) => id)
			.sort();
		if (!ids.length) return 'no offer to revise';
		const id = ids[command.pick % ids.length];
		// Its next change reaches every replica.
		this.catchUp(id);
		const statuses = ['Countered', 'Accepted', 'Withdrawn', 'Submitted'];
		// Every revision is another content (its price counts revisions): each is a change to report.
		this.revisions++;
		const { offer } = this.state.upsert({ OfferId: id, OfferTerms: { OfferStatus: statuses[command.pick % statuses.length], OfferPrice: 100_000 + this.revisions }, newVersion: command.newVersion });
		this.record(offer);
		return `offer ${id} revised (version ${String(offer.OfferTerms.OfferVersionNumber)})`;
	}

	private ageInDays(offer: Offer): number {
		return (this.now() - Date.parse(offer.OfferSubmissionDate)) / DAY;
	}

	private record(offer: Offer): void {
		const list = this.versions.get(offer.OfferId) ?? [];
		list.push({ offer: structuredClone(offer), appearedAt: this.trueNow(), stampedAt: this.now() });
		this.versions.set(offer.OfferId, list);
	}

	/**
	 * What the runs did wrong, in words (none: exact). Every offer that appeared after the watch
	 * began is reported new, once; with updates, the last version of every offer changed after it
	 * began is reported; no version is reported twice, and nothing is reported that the service did
	 * not do after the watch began.
	 *
	 * `repollOf[r]`: run r polled a stored state another process had emitted from, saved when that
	 * many runs had started (limit (3), docs/ARCHITECTURE.md). What the runs from that state on
	 * report is told against what had been reported then: a report made by a run from that state on
	 * (and before the repoll) may come once more, at the repoll or after it, and no other.
	 */
	check(runs: INodeExecutionData[][], o: { includeUpdates: boolean; submittedSince: number }, repollOf: Array<number | undefined> = []): string[] {
		const wrong: string[] = [];
		const reported = new Map<string, number[]>();
		/** Offers reported new. */
		const news = new Set<string>();
		/** The run of each first report (`id#version`, `id#new`), and how many times it was made. */
		const first = new Map<string, { run: number; times: number }>();
		const repolls = repollOf.flatMap((from, run) => (from === undefined ? [] : [{ from, run }]));
		/** A report first made in run a and made again in run b: once more per state put back under it. */
		const doublesAllowed = (a: number, b: number) => repolls.filter((p) => p.from <= a && a < p.run && p.run <= b).length;
		const again = (key: string, run: number): boolean => {
			const seen = first.get(key);
			if (!seen) {
				first.set(key, { run, times: 1 });
				return false;
			}
			seen.times++;
			return seen.times - 1 > doublesAllowed(seen.run, run);
		};
		/** Offers reported saying their earlier version was unknown: new or updated, it could not be told. */
		const unknowns = new Set<string>();
		for (const [run, item] of runs.flatMap((items, r) => items.map((i) => [r, i] as const))) {
			const { event, previousVersionUnknown, notice, ...offer } = item.json;
			void notice;
			const unknown = previousVersionUnknown === true;
			const id = String(offer.OfferId);
			const versions = this.versions.get(id);
			const index = versions?.findIndex((v) => canonical(v.offer) === canonical(offer)) ?? -1;
			if (!versions || index < 0) {
				wrong.push(`${String(event)} ${id}: a version the service never answered`);
				continue;
			}
			// Unless the service's clock, ahead, stamped it after the watch began: a change a later baseline
			// poll first sees then cannot be told from one made after publishing, and is reported saying its
			// earlier version is unknown (docs/offers.md, "The first minutes after publishing"). Not one the
			// first poll read: it reads its first window whole, the weeks before publishing (30 days a
			// request), and reports nothing it read.
			const laterBaseline = Date.parse(versions[index].offer.OfferSubmissionDate) < this.watchFrom - FIRST_WINDOW_DAYS * DAY;
			const stampedInWatch = event === 'updated' && unknown && versions[index].stampedAt >= this.watchFrom && laterBaseline;
			if (versions[index].appearedAt < this.watchFrom && !stampedInWatch) wrong.push(`${String(event)} ${id}: a version from before the watch began`);
			if (event === 'new') {
				if (again(`${id}#new`, run)) wrong.push(`new ${id}: reported new again`);
				news.add(id);
				// Said so: an offer first seen after the watch began may be an older one changed since.
				if (versions[0].appearedAt < this.watchFrom && !unknown) wrong.push(`new ${id}: the offer was there before the watch began`);
			} else if (event !== 'updated') wrong.push(`${String(event)} ${id}: no such event`);
			else if (!o.includeUpdates) wrong.push(`updated ${id}: only new offers were asked for`);
			else if (versions[0].appearedAt >= this.watchFrom && !unknown && !news.has(id)) wrong.push(`updated ${id}: a new offer reported as updated, before it was reported new`);
			if (unknown) unknowns.add(id);
			const seen = reported.get(id) ?? [];
			if (again(`${id}#${index}`, run)) wrong.push(`${String(event)} ${id}: version ${index + 1} reported again`);
			reported.set(id, [...seen, index]);
		}
		for (const [id, versions] of this.versions) {
			if (Date.parse(versions[versions.length - 1].offer.OfferSubmissionDate) < o.submittedSince) continue;
			const created = versions[0].appearedAt >= this.watchFrom;
			if (created && !news.has(id) && !unknowns.has(id)) wrong.push(`${id}: appeared after the watch began, never reported new`);
			const changed = versions.some((v) => v.appearedAt >= this.watchFrom);
			if (o.includeUpdates && changed && !(reported.get(id) ?? []).includes(versions.length - 1)) {
				wrong.push(`${id}: its last version (${versions.length}) was never reported`);
			}
		}
		return wrong;
	}
}
