// The resources of the listings-and-sales service (spec 2). DTO fields the spec leaves "not shown"
// are the sandbox's choice and are documented in docs/listings-credential.md.

export type ListingStatus = 'active' | 'incomplete' | 'expired' | 'canceledPending' | 'canceledApproved';
export type SaleStatus =
	| 'pending'
	| 'closed'
	| 'archived'
	| 'incomplete'
	| 'expired'
	| 'canceledPending'
	| 'canceledApproved';

export const ALL_STATUSES = [
	'active',
	'pending',
	'closed',
	'incomplete',
	'expired',
	'canceledPending',
	'canceledApproved',
	'archived',
] as const;

/** statusId of a sale (2.5 has both statusId and status). */
export const SALE_STATUS_IDS: Record<SaleStatus, number> = {
	pending: 1,
	closed: 2,
	archived: 3,
	incomplete: 4,
	expired: 5,
	canceledPending: 6,
	canceledApproved: 7,
};

export interface Office {
	officeGuid: string;
	officeId: number;
	officeName: string;
	phone: string | null;
	address: Address | null;
}

export interface ChecklistType {
	checklistTypeId: number;
	checklistTypeName: string;
	officeGuid: string;
	transactionType: 'Listing' | 'Sale';
	/** Commercial Lease types carry commercialLease fields and cannot be switched to other types. */
	kind: 'residential' | 'land' | 'commercialLease';
}

export interface User {
	userGuid: string;
	firstName: string;
	lastName: string;
	email: string;
	userType: 'Broker' | 'Agent' | 'Auditor';
	officeGuid: string;
}

export interface Address {
	streetNumber: string | null;
	streetName: string | null;
	unit: string | null;
	city: string | null;
	state: string | null;
	zip: string | null;
}

export interface Contact {
	contactGuid: string;
	firstName: string | null;
	lastName: string | null;
	company: string | null;
	email: string | null;
	phone: string | null;
	alternatePhone: string | null;
	fax: string | null;
	address: Address | null;
	[extra: string]: unknown;
}

export interface Property {
	streetNumber: string | null;
	streetAddress: string | null;
	unit: string | null;
	city: string | null;
	state: string | null;
	zip: string | null;
	county: string | null;
	yearBuilt: number | null;
	lotSizeAcres: number | null;
	propertyType: string | null;
}

export interface Stage {
	stageId: number;
	stageName: string;
	modifiedOn: string;
}

export interface AgentRef {
	userGuid: string;
	firstName: string;
	lastName: string;
	email: string;
}

export type Dto = Record<string, unknown>;

/** A listing as the export and GET show it (every field of 2.5), plus what only the store keeps. */
export interface ListingRecord {
	dto: Dto & { listingGuid: string; agentGuid: string; createdByGuid: string; officeGuid: string; status: ListingStatus; createdOn: string };
	checklistTypeId: number;
	miscContacts: Contact[];
	documents: Array<{ documentGuid: string; fileName: string; documentStatus: string | null; modifiedOn: string }>;
	referringAgent: Dto | null;
	commissionReferral: Dto | null;
}

export interface SaleRecord {
	dto: Dto & { saleGuid: string; agentGuid: string; createdByGuid: string; officeGuid: string; status: SaleStatus; createdOn: string };
	checklistTypeId: number;
	miscContacts: Contact[];
	commissionLog: Dto[];
}
