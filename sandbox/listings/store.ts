// The in-memory state of the listings-and-sales service and its deterministic seed.
import { mulberry32, pick } from '../core/random';
import { nameOf, PROPERTY_TYPES, SOURCES, STAGES } from './catalog';
import type {
	AgentRef,
	ChecklistType,
	Contact,
	Dto,
	ListingRecord,
	ListingStatus,
	Office,
	Property,
	SaleRecord,
	SaleStatus,
	User,
} from './types';
import { SALE_STATUS_IDS } from './types';

const DAY = 24 * 3600 * 1000;

const hex8 = (rng: () => number) => Math.floor(rng() * 0x100000000).toString(16).padStart(8, '0');

/** A v4-shaped guid from the seeded generator; four draws, fast enough for 100,000 export objects. */
export function seededGuid(rng: () => number): string {
	const a = hex8(rng);
	const b = hex8(rng);
	const c = hex8(rng);
	const d = hex8(rng);
	const variant = (8 + (parseInt(c[0], 16) & 3)).toString(16);
	return `${a}-${b.slice(0, 4)}-4${b.slice(5)}-${variant}${c.slice(1, 4)}-${c.slice(4)}${d}`;
}

const FIRST = ['Ada', 'Ben', 'Cora', 'Dev', 'Elle', 'Finn', 'Gia', 'Hal', 'Iris', 'Jon', 'Kai', 'Lux'];
const LAST = ['Sample', 'Example', 'Placeholder', 'Testwell', 'Mockford', 'Demoson', 'Fixture', 'Stubbs'];
const STREETS = ['Sandbox Way', 'Example Ave', 'Fixture Ln', 'Café Street', 'Peñasco Rd', 'Mock Blvd', 'Test Ct'];
const CITIES: Array<[string, string, string]> = [
	['Sampleton', 'CA', '95814'],
	['Exampleville', 'CA', '95616'],
	['Lakeside Demo', 'NV', '89501'],
	['Hilltop Mock', 'OR', '97201'],
];

export interface StoreOptions {
	seed: number;
	now: number;
}

export class Store {
	readonly rng: () => number;
	readonly offices: Office[] = [];
	readonly checklistTypes: ChecklistType[] = [];
	readonly users: User[] = [];
	readonly contacts = new Map<string, Contact>();
	readonly listings = new Map<string, ListingRecord>();
	readonly sales = new Map<string, SaleRecord>();
	/** Multi-office broker by default; tests switch it off to see the single-office behaviour. */
	multiOffice = true;
	/** Sandbox-only fault: cut every export stream after this many objects (see export.ts). */
	exportCutAfter: number | undefined;
	/** Fault knob: every export ends cleanly after this many files (its summary, if kept, announces all). */
	exportShort: { files: number; summary: boolean } | undefined;
	private fileCounter = 1000;

	constructor(readonly opts: StoreOptions) {
		this.rng = mulberry32(opts.seed ^ 0x11571);
		this.seed();
	}

	guid(): string {
		return seededGuid(this.rng);
	}

	nextFileId(prefix: 'L' | 'S'): string {
		this.fileCounter++;
		return `${prefix}-${this.fileCounter}`;
	}

	// ---- lookups ----------------------------------------------------------------------------------

	user(guid: string): User | undefined {
		return this.users.find((u) => u.userGuid === guid);
	}

	/** Offices a user can see: all of them for a broker or auditor, their own for an agent. */
	visibleOffices(user: User): Office[] {
		const offices = this.multiOffice ? this.offices : this.offices.slice(0, 1);
		return user.userType === 'Agent' ? offices.filter((o) => o.officeGuid === user.officeGuid) : offices;
	}

	checklistTypesOf(officeGuid: string, transactionType?: 'Listing' | 'Sale'): ChecklistType[] {
		return this.checklistTypes.filter(
			(t) => t.officeGuid === officeGuid && (!transactionType || t.transactionType === transactionType),
		);
	}

	checklistType(id: number): ChecklistType | undefined {
		return this.checklistTypes.find((t) => t.checklistTypeId === id);
	}

	/** An agent sees the files they are agent, co-agent or creator of; brokers and auditors all. */
	canSee(user: User, dto: Dto): boolean {
		if (user.userType !== 'Agent') return true;
		const co = (dto.coAgentGuids as string[] | undefined) ?? [];
		return dto.agentGuid === user.userGuid || dto.createdByGuid === user.userGuid || co.includes(user.userGuid);
	}

	agentRef(guid: string): AgentRef[] {
		const u = this.user(guid);
		return u ? [{ userGuid: u.userGuid, firstName: u.firstName, lastName: u.lastName, email: u.email }] : [];
	}

	coAgentRefs(guids: string[]): AgentRef[] {
		return guids.flatMap((g) => this.agentRef(g));
	}

	// ---- builders shared by the seed, the routes and the export generator ------------------------

	randomProperty(rng: () => number, kind: ChecklistType['kind']): Property {
		const [city, state, zip] = pick(rng, CITIES);
		const typeId = kind === 'land' ? 5 : kind === 'commercialLease' ? 6 : 1 + Math.floor(rng() * 4);
		return {
			streetNumber: String(100 + Math.floor(rng() * 9800)),
			streetAddress: pick(rng, STREETS),
			unit: rng() < 0.2 ? `#${1 + Math.floor(rng() * 20)}` : null,
			city,
			state,
			zip,
			county: `${city} County`,
			yearBuilt: kind === 'land' ? null : 1950 + Math.floor(rng() * 74),
			lotSizeAcres: kind === 'land' ? Math.round(rng() * 400) / 10 : null,
			propertyType: nameOf(PROPERTY_TYPES, typeId),
		};
	}

	randomPerson(rng: () => number, extra: Dto = {}): Contact {
		const firstName = pick(rng, FIRST);
		const lastName = pick(rng, LAST);
		return {
			contactGuid: seededGuid(rng),
			firstName,
			lastName,
			company: null,
			email: `${firstName}.${lastName}@example.com`.toLowerCase(),
			phone: `555-01${String(Math.floor(rng() * 100)).padStart(2, '0')}`,
			alternatePhone: null,
			fax: null,
			address: null,
			...extra,
		};
	}

	commission(rng: () => number, price: number): Dto {
		const lp = 2 + Math.floor(rng() * 3);
		const sp = 2 + Math.floor(rng() * 2);
		return {
			listingCommissionPercent: lp,
			listingCommissionAmount: Math.round((price * lp) / 100),
			saleCommissionPercent: sp,
			saleCommissionAmount: Math.round((price * sp) / 100),
			totalCommission: Math.round((price * (lp + sp)) / 100),
			notes: null,
		};
	}

	commercialLease(rng: () => number, from: number): Dto {
		const months = 12 * (1 + Math.floor(rng() * 5));
		return {
			leaseStartDate: iso(from),
			leaseEndDate: iso(from + months * 30 * DAY),
			monthlyRent: 1500 + Math.floor(rng() * 20) * 250,
			leaseTermMonths: months,
			tenantCompany: 'Example Tenant LLC',
		};
	}

	stage(id: number, at: number): Dto {
		return { stageId: id, stageName: nameOf(STAGES, id), modifiedOn: iso(at) };
	}

	/** A listing with every field of 2.5, drawn from `rng`, created at `createdAt`. */
	buildListing(rng: () => number, createdAt: number, status: ListingStatus, type: ChecklistType, agent: User): ListingRecord {
		const office = this.offices.find((o) => o.officeGuid === type.officeGuid) ?? this.offices[0];
		const price = 150000 + Math.floor(rng() * 200) * 5000;
		const complete = status !== 'incomplete';
		const now = this.opts.now;
		const expiration =
			status === 'expired' ? Math.min(createdAt + 30 * DAY, now - DAY) : Math.max(createdAt + 180 * DAY, now + 60 * DAY);
		const sellers = complete ? [this.randomPerson(rng)] : [];
		const coAgent = rng() < 0.3 ? this.users.find((u) => u.userType === 'Agent' && u.userGuid !== agent.userGuid) : undefined;
		const coAgentGuids = coAgent ? [coAgent.userGuid] : [];
		const listingGuid = seededGuid(rng);
		return {
			dto: {
				objectType: 'listing',
				listingGuid,
				agentGuid: agent.userGuid,
				createdByGuid: agent.userGuid,
				coListingAgentGuid: coAgentGuids[0] ?? null,
				referringAgentGuid: null,
				mlsNumber: `ML${String(Math.floor(rng() * 1e7)).padStart(7, '0')}`,
				status,
				modifiedOn: iso(createdAt + Math.floor(rng() * 5) * 3600 * 1000),
				officeId: office.officeId,
				officeGuid: office.officeGuid,
				checklistType: type.checklistTypeName,
				type: 'Listing',
				listingDate: iso(createdAt),
				source: nameOf(SOURCES, 1 + Math.floor(rng() * 5)),
				otherSource: null,
				fileId: `L-${Math.floor(rng() * 900000) + 100000}`,
				commission: complete ? this.commission(rng, price) : null,
				expirationDate: iso(expiration),
				company: 'Sandbox Realty Group',
				listingPrice: price,
				email: agent.email,
				property: this.randomProperty(rng, type.kind),
				commercialLease: type.kind === 'commercialLease' ? this.commercialLease(rng, createdAt) : null,
				sellers,
				homeWarrantyContact: null,
				miscContact: null,
				stage: this.stage(status === 'active' ? 3 : 1, createdAt),
				coAgentGuids,
				agent: this.agentRef(agent.userGuid),
				coAgents: this.coAgentRefs(coAgentGuids),
				customFields: {},
				createdOn: iso(createdAt),
			},
			checklistTypeId: type.checklistTypeId,
			miscContacts: [],
			documents: [
				{ documentGuid: seededGuid(rng), fileName: 'Listing Agreement.pdf', documentStatus: 'Unreviewed', modifiedOn: iso(createdAt) },
			],
			referringAgent: null,
			commissionReferral: null,
		};
	}

	buildSale(rng: () => number, createdAt: number, status: SaleStatus, type: ChecklistType, agent: User, listing?: ListingRecord): SaleRecord {
		const office = this.offices.find((o) => o.officeGuid === type.officeGuid) ?? this.offices[0];
		const price = 150000 + Math.floor(rng() * 200) * 5000;
		const complete = status !== 'incomplete';
		const closed = status === 'closed' || status === 'archived';
		const past = closed || status === 'expired';
		const closing = past ? Math.min(createdAt + 30 * DAY, this.opts.now - DAY) : Math.max(createdAt + 30 * DAY, this.opts.now + 20 * DAY);
		const property = listing ? (listing.dto.property as Property) : this.randomProperty(rng, type.kind);
		const coAgent = rng() < 0.3 ? this.users.find((u) => u.userType === 'Agent' && u.userGuid !== agent.userGuid) : undefined;
		const coAgentGuids = coAgent ? [coAgent.userGuid] : [];
		return {
			dto: {
				objectType: 'sale',
				saleGuid: seededGuid(rng),
				listingGuid: listing?.dto.listingGuid ?? null,
				agentGuid: agent.userGuid,
				createdByGuid: agent.userGuid,
				mlsNumber: listing ? listing.dto.mlsNumber : `ML${String(Math.floor(rng() * 1e7)).padStart(7, '0')}`,
				escrowNumber: `ESC-${Math.floor(rng() * 90000) + 10000}`,
				statusId: SALE_STATUS_IDS[status],
				status,
				officeId: office.officeId,
				officeGuid: office.officeGuid,
				checklistType: type.checklistTypeName,
				escrowClosingDate: iso(closing),
				actualClosingDate: closed ? iso(closing) : null,
				contractAcceptedDate: iso(createdAt),
				modifiedOn: iso(createdAt + Math.floor(rng() * 5) * 3600 * 1000),
				source: nameOf(SOURCES, 1 + Math.floor(rng() * 5)),
				otherSource: null,
				dealType: listing ? 'Listing Side' : pick(rng, ['Listing Side', 'Buyer Side', 'Dual Agency']),
				listingPrice: listing ? listing.dto.listingPrice : price,
				salePrice: price,
				isOfficeLead: rng() < 0.2,
				coBrokerCompany: 'Example Brokerage Co',
				email: agent.email,
				property,
				commission: complete ? this.commission(rng, price) : null,
				sellers: complete ? [this.randomPerson(rng)] : [],
				buyers: complete ? [this.randomPerson(rng)] : [],
				titleContact: complete ? this.randomPerson(rng, { company: 'Example Title Co' }) : null,
				escrowContact: complete ? this.randomPerson(rng, { company: 'Example Escrow Inc' }) : null,
				attorneyContact: [],
				lenderContact: null,
				otherSideAgentContact: null,
				homeWarrantyContact: null,
				miscContact: null,
				commercialLease: type.kind === 'commercialLease' ? this.commercialLease(rng, createdAt) : null,
				commissionBreakdowns: [],
				coAgentGuids,
				commissionSplits: [],
				stage: this.stage(closed ? 5 : 4, createdAt),
				commissionReferral: null,
				agent: this.agentRef(agent.userGuid),
				coAgents: this.coAgentRefs(coAgentGuids),
				earnestMoneyDeposit: null,
				customFields: {},
				createdOn: iso(createdAt),
			},
			checklistTypeId: type.checklistTypeId,
			miscContacts: [],
			commissionLog: [],
		};
	}

	// ---- the seed -------------------------------------------------------------------------------

	private seed(): void {
		const rng = this.rng;
		const names = ['Downtown', 'Lakeside', 'Hilltop'];
		names.forEach((name, i) => {
			const officeGuid = seededGuid(rng);
			this.offices.push({ officeGuid, officeId: 101 + i, officeName: `Sandbox Realty ${name}`, phone: `555-010${i}`, address: null });
			const base = (i + 1) * 10;
			const kinds: Array<[string, ChecklistType['kind']]> = [
				['Residential', 'residential'],
				['Land', 'land'],
				['Commercial Lease', 'commercialLease'],
			];
			kinds.forEach(([label, kind], k) => {
				this.checklistTypes.push({ checklistTypeId: base + 1 + k, checklistTypeName: `${label} Listing`, officeGuid, transactionType: 'Listing', kind });
				this.checklistTypes.push({ checklistTypeId: base + 4 + k, checklistTypeName: label === 'Commercial Lease' ? 'Commercial Lease' : `${label} Sale`, officeGuid, transactionType: 'Sale', kind });
			});
		});

		const addUser = (firstName: string, lastName: string, userType: User['userType'], office: Office) => {
			const user: User = {
				userGuid: seededGuid(rng),
				firstName,
				lastName,
				email: `${firstName}.${lastName}@example.com`.toLowerCase(),
				userType,
				officeGuid: office.officeGuid,
			};
			this.users.push(user);
			return user;
		};
		addUser('Demo', 'Broker', 'Broker', this.offices[0]);
		addUser('Audra', 'Auditor', 'Auditor', this.offices[0]);
		for (let i = 0; i < 8; i++) addUser(FIRST[i], `${LAST[i % LAST.length]}`, 'Agent', this.offices[i % 3]);

		for (let i = 0; i < 6; i++) {
			const c = this.randomPerson(rng, { company: i % 2 ? 'Example Title Co' : null });
			c.address = { streetNumber: String(10 + i), streetName: pick(rng, STREETS), unit: null, city: CITIES[i % 4][0], state: CITIES[i % 4][1], zip: CITIES[i % 4][2] };
			this.contacts.set(c.contactGuid, c);
		}

		// Listings and sales in every status of section 3, spread over eight months; a few recent
		// ones (inside the export's default 7-day window) for every status.
		const agents = this.users.filter((u) => u.userType === 'Agent');
		const now = this.opts.now;
		const ages = [1, 2, 3, 5, 6, 12, 25, 40, 60, 90, 120, 150, 200, 240];
		const listingStatuses: ListingStatus[] = ['active', 'incomplete', 'expired', 'canceledPending', 'canceledApproved'];
		const saleStatuses: SaleStatus[] = ['pending', 'closed', 'archived', 'incomplete', 'expired', 'canceledPending', 'canceledApproved'];
		let n = 0;
		for (const age of ages) {
			for (const status of listingStatuses) {
				if ((n++ + age) % 2 === 1 && age > 6) continue;
				const agent = agents[n % agents.length];
				const types = this.checklistTypesOf(agent.officeGuid, 'Listing');
				const type = types[n % types.length];
				const rec = this.buildListing(rng, now - age * DAY - (n % 24) * 3600 * 1000, status, type, agent);
				this.listings.set(rec.dto.listingGuid, rec);
			}
		}
		const listingList = [...this.listings.values()];
		for (const age of ages) {
			for (const status of saleStatuses) {
				if ((n++ + age) % 2 === 1 && age > 6) continue;
				const agent = agents[n % agents.length];
				const types = this.checklistTypesOf(agent.officeGuid, 'Sale');
				const type = types[n % types.length];
				const from = n % 4 === 0 ? listingList.find((l) => l.dto.agentGuid === agent.userGuid && l.checklistTypeId % 10 === type.checklistTypeId % 10 - 3) : undefined;
				const rec = this.buildSale(rng, now - age * DAY - (n % 24) * 3600 * 1000, status, type, agent, from);
				this.sales.set(rec.dto.saleGuid, rec);
			}
		}
	}
}

export function iso(ms: number): string {
	return new Date(ms).toISOString();
}
