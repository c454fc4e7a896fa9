// The sandbox's MLS: every outcome of spec section 3 is reproducible from the MLS number.
//
// | MLS number starts with | outcome                                                       |
// |------------------------|---------------------------------------------------------------|
// | NM                     | not_imported, reason no_match                                 |
// | MM                     | not_imported, reason multiple_matches                         |
// | PE                     | failed, reason provider_error                                 |
// | IE                     | failed, reason import_error (the number stays saved)          |
// | TO                     | unknown (a timed-out write), no importedCount                 |
// | Z0                     | imported, importedCount 0 (a match with nothing to import)    |
// | anything else          | imported, importedCount 3 (address, price, listing agent)     |
//
// Before the lookup: a token without forms.mls.import gives not_imported/missing_scope, a blank
// number not_imported/missing_mls_number, a file owner without MLS regions not_imported/missing_regions.
// The reason is carried in the field `reason` (the spec leaves its name open).
import { mulberry32 } from '../core/random';
import { emptyContact, stamp } from './seed';
import type { FileRecord, FormsStore } from './store';

export interface MlsImport {
	status: 'imported' | 'not_imported' | 'failed' | 'unknown';
	importedCount?: number;
	reason?: string;
}

const LISTING_CITIES: Array<[string, string, string, string]> = [
	['Sacramento', 'CA', '95816', 'Sacramento'],
	['Elk Grove', 'CA', '95757', 'Sacramento'],
	['Austin', 'TX', '78745', 'Travis'],
	['Round Rock', 'TX', '78664', 'Williamson'],
];

function hash(text: string): number {
	let h = 2166136261;
	for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
	return h >>> 0;
}

/** The listing the sandbox MLS finds for a number: the same number gives the same listing. */
export function listingFor(mlsNumber: string) {
	const random = mulberry32(hash(mlsNumber.toUpperCase()));
	const [city, state, postalCode, county] = LISTING_CITIES[Math.floor(random() * LISTING_CITIES.length)];
	return {
		address: {
			streetNumber: String(1000 + Math.floor(random() * 8000)),
			streetName: ['Riverbend Dr', 'Quail Run', 'Stonegate Ct', 'Hillcrest Ave'][Math.floor(random() * 4)],
			unitNumber: '',
			city,
			state,
			postalCode,
			county,
		},
		listPrice: 350000 + Math.floor(random() * 90) * 5000,
		agent: { firstName: 'Listing', lastName: `Agent ${mlsNumber.slice(-3)}`, email: 'listing.agent@example.com', agentMLSCode: `LA${Math.floor(random() * 9000) + 1000}` },
	};
}

/**
 * Runs an import for a file. `hasScope` is whether the token holds forms.mls.import. The number is
 * saved before the lookup (spec 4.14 rule 2) unless it is blank.
 */
export function runMlsImport(
	store: FormsStore,
	file: FileRecord,
	mlsNumber: string | null | undefined,
	opts: { hasScope: boolean; override: boolean; now: string; actor: string; owner: string },
): MlsImport {
	if (!opts.hasScope) return { status: 'not_imported', reason: 'missing_scope' };
	const number = (mlsNumber ?? '').trim();
	if (number === '') return { status: 'not_imported', reason: 'missing_mls_number' };
	file.mlsNumber = number;
	file.updatedOn = opts.now;
	file.updatedBy = opts.actor;
	const regions = store.users.get(file.ownedBy)?.regions ?? [];
	if (regions.length === 0) return { status: 'not_imported', reason: 'missing_regions' };
	const prefix = number.slice(0, 2).toUpperCase();
	switch (prefix) {
		case 'NM':
			return { status: 'not_imported', reason: 'no_match' };
		case 'MM':
			return { status: 'not_imported', reason: 'multiple_matches' };
		case 'PE':
			return { status: 'failed', reason: 'provider_error' };
		case 'IE':
			return { status: 'failed', reason: 'import_error' };
		case 'TO':
			return { status: 'unknown' };
		case 'Z0':
			return { status: 'imported', importedCount: 0 };
		default:
			break;
	}
	const listing = listingFor(number);
	const addressEmpty = !file.property.streetName && !file.property.streetNumber;
	if (opts.override || addressEmpty) file.property = { ...listing.address };
	if (opts.override || file.purchasePrice === null) file.purchasePrice = listing.listPrice;
	const existing = file.contacts.find((c) => c.type === 'SellerAgent' && !c.isUser);
	if (!existing || opts.override) {
		if (existing) {
			Object.assign(existing, listing.agent, { updatedOn: opts.now, updatedBy: opts.actor });
		} else {
			const contact = {
				...emptyContact(),
				...stamp(Date.parse(opts.now), opts.actor, opts.owner),
				id: store.nextId('contact'),
				fileId: file.id,
				type: 'SellerAgent',
				...listing.agent,
			};
			file.contacts.push(contact);
			store.contactsById.set(contact.id, contact);
		}
	}
	file.mlsMarketName = 'Statewide Regional MLS';
	return { status: 'imported', importedCount: 3 };
}
