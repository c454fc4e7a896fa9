import { byName } from '../../shared';

/** The statuses the export filters by (spec 2.5), as its `status` parameter takes them. */
export const EXPORT_STATUSES = [
	'active',
	'pending',
	'closed',
	'incomplete',
	'expired',
	'canceledPending',
	'canceledApproved',
	'archived',
] as const;

/** EXPORT_STATUSES to pick from, as the action's Statuses filter and the trigger's Statuses show them. */
export const EXPORT_STATUS_OPTIONS = byName(
	EXPORT_STATUSES.map((s) => ({ name: s.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase()), value: s })),
);

/**
 * Statuses in either spelling. The service's filters take the spec's values (`closed`,
 * `canceledApproved`), while the live service writes a record's status as it displays it (`Closed`,
 * `Canceled/App`, `Canceled/Pend`, `Pre-Contract`). Both are read as one key, so that a filter or a
 * trigger set to "closed" matches a sale the service writes `Closed`. A status this package does not
 * know (`Transaction`, a new one) keeps its own key: it passes through unfiltered where no status is
 * asked for, and matches only itself where one is.
 */

/** The live service's short forms, by their key (letters and digits only, lower case). */
const SHORT_FORMS: Record<string, string> = {
	canceledapp: 'canceledapproved',
	canceledpend: 'canceledpending',
};

/** `Canceled/App`, `canceledApproved` and `CANCELLED APPROVED` all give `canceledapproved`. */
export function statusKey(status: unknown): string {
	const key = String(status ?? '')
		.toLowerCase()
		.replace(/cancelled/g, 'canceled')
		.replace(/[^a-z0-9]/g, '');
	return SHORT_FORMS[key] ?? key;
}

/** Whether two statuses are the same, whichever way each is written. */
export const sameStatus = (a: unknown, b: unknown): boolean => statusKey(a) === statusKey(b);

/** Whether a status is one of the wanted ones (any, when none is wanted). */
export function statusWanted(status: unknown, wanted: readonly string[]): boolean {
	return wanted.length === 0 || wanted.some((w) => sameStatus(w, status));
}
