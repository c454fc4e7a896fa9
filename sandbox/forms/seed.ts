// Believable, deterministic sample data. Every name is fictional sample data.
import { guid, mulberry32, pick } from '../core/random';
import {
	CALLER_ID,
	type Address,
	type Commission,
	type Contact,
	type DocumentRecord,
	type EnvelopeRecord,
	type FieldDefinition,
	type FileRecord,
	type FormRecord,
	FormsStore,
	type Signer,
	type Stamp,
} from './store';

export const USERS = {
	caller: CALLER_ID,
	/** Shares access with the caller and has MLS regions. */
	riley: '00000000-0000-4000-8000-000000000002',
	/** Shares access with the caller but has no MLS regions (imports report missing_regions). */
	morgan: '00000000-0000-4000-8000-000000000003',
	/** Receives the caller's access only: not usable as onBehalfOf (404). */
	taylor: '00000000-0000-4000-8000-000000000004',
	/** A group user that shares access. */
	frontDesk: '00000000-0000-4000-8000-000000000005',
	/** Owner of the broker templates. */
	broker: '00000000-0000-4000-8000-000000000009',
} as const;

/** Seeded data starts here in time, so that the same seed gives the same records whatever the clock. */
const EPOCH = Date.UTC(2025, 0, 6, 15, 0, 0);
const DAY = 86400000;

const CITIES: Array<[city: string, state: string, postal: string, county: string]> = [
	['Sacramento', 'CA', '95814', 'Sacramento'],
	['San Diego', 'CA', '92103', 'San Diego'],
	['Fresno', 'CA', '93721', 'Fresno'],
	['Oakland', 'CA', '94612', 'Alameda'],
	['Austin', 'TX', '78704', 'Travis'],
	['Houston', 'TX', '77008', 'Harris'],
	['Phoenix', 'AZ', '85004', 'Maricopa'],
	['Tucson', 'AZ', '85719', 'Pima'],
	['Denver', 'CO', '80205', 'Denver'],
	['Boise', 'ID', '83702', 'Ada'],
	['Portland', 'OR', '97214', 'Multnomah'],
	['Seattle', 'WA', '98107', 'King'],
	['Reno', 'NV', '89501', 'Washoe'],
	['Albuquerque', 'NM', '87102', 'Bernalillo'],
	['Charlotte', 'NC', '28203', 'Mecklenburg'],
	['Nashville', 'TN', '37206', 'Davidson'],
];

const STREETS = ['Oak', 'Maple', 'Cedar', 'Juniper', 'Sierra Vista', 'Harbor', 'Willow', 'Mesa', 'Aspen', 'Canyon', 'Laurel', 'Magnolia', 'Ridge', 'Sunset', 'Lakeview', 'Pine'];
const SUFFIXES = ['St', 'Ave', 'Dr', 'Ln', 'Way', 'Ct', 'Blvd', 'Pl'];
const FIRST = ['Avery', 'Jordan', 'Casey', 'Quinn', 'Rowan', 'Parker', 'Emerson', 'Hayden', 'Logan', 'Reese', 'Sage', 'Skyler', 'Dakota', 'Finley', 'Harper', 'Kendall'];
const LAST = ['Sample', 'Example', 'Testwell', 'Placeholder', 'Demo', 'Mockridge', 'Fakename', 'Specimen', 'Dummyton', 'Trialson'];
const COMPANIES = ['Golden Key Escrow (sample)', 'First Sample Title Co.', 'Example Home Loans', 'Placeholder Realty Group'];

export const FORM_NAMES: Array<[name: string, type: string]> = [
	['Residential Purchase Agreement', 'purchase'],
	['Buyer Representation Agreement', 'agency'],
	["Seller's Property Disclosure Statement", 'disclosure'],
	['Counter Offer', 'purchase'],
	['General Addendum', 'addendum'],
	['Lead-Based Paint Disclosure', 'disclosure'],
	['Request for Repair', 'purchase'],
	['Contingency Removal', 'purchase'],
	['Residential Listing Agreement', 'listing'],
	['Agency Disclosure', 'agency'],
	['Wire Fraud Advisory', 'advisory'],
	['Residential Lease Agreement', 'lease'],
	['Notice to Perform', 'purchase'],
	['Escrow Instructions', 'purchase'],
	['Verification of Property Condition', 'purchase'],
	['Seller Net Sheet', 'listing'],
	['Amendment to Contract', 'addendum'],
	['Home Warranty Waiver', 'disclosure'],
	['Smoke Detector Statement of Compliance', 'disclosure'],
	['Water Heater Statement of Compliance', 'disclosure'],
	['Natural Hazard Disclosure', 'disclosure'],
	['Statewide Buyer and Seller Advisory', 'advisory'],
	['Market Conditions Advisory', 'advisory'],
	['Buyer Inspection Advisory', 'advisory'],
	['Rental Application', 'lease'],
	['Move-In Move-Out Inspection', 'lease'],
	['Pet Addendum', 'addendum'],
	['Lease Renewal Agreement', 'lease'],
	['Commission Agreement', 'agency'],
	['Cancellation of Contract', 'purchase'],
	['Exclusive Right to Sell', 'listing'],
	['Seller Financing Addendum', 'addendum'],
	['HOA Information Addendum', 'addendum'],
	['Appraisal Contingency Addendum', 'addendum'],
	['Short Sale Addendum', 'addendum'],
	['Back-Up Offer Addendum', 'addendum'],
	['Closing Disclosure Acknowledgement', 'disclosure'],
	['Property Management Agreement', 'lease'],
	['Landlord Disclosure', 'lease'],
	['Tenant Estoppel Certificate', 'lease'],
];

const FIELD_POOL: Array<[name: string, dataRef: string, type: string]> = [
	['Buyer Name', 'buyer.fullName', 'text'],
	['Seller Name', 'seller.fullName', 'text'],
	['Property Address', 'property.fullAddress', 'text'],
	['City', 'property.city', 'text'],
	['Purchase Price', 'file.purchasePrice', 'currency'],
	['Earnest Money Deposit', 'file.earnestMoney', 'currency'],
	['Closing Date', 'file.closingDate', 'date'],
	['Acceptance Date', 'file.acceptanceDate', 'date'],
	['Listing Agent', 'listingAgent.fullName', 'text'],
	['Buyer Agent', 'buyerAgent.fullName', 'text'],
	['Escrow Company', 'escrow.companyName', 'text'],
	['Inspection Period (days)', 'terms.inspectionDays', 'number'],
	['Loan Contingency', 'terms.loanContingency', 'checkbox'],
	['Appraisal Contingency', 'terms.appraisalContingency', 'checkbox'],
	['Addendum Number', 'addendum.number', 'text'],
	['Addendum Date', 'addendum.date', 'date'],
	['Additional Terms', 'terms.additional', 'textarea'],
	['Buyer Initials', 'buyer.initials', 'initials'],
	['Seller Initials', 'seller.initials', 'initials'],
	['Buyer Signature', 'buyer.signature', 'signature'],
	['Seller Signature', 'seller.signature', 'signature'],
	['Buyer Sign Date', 'buyer.signDate', 'date'],
	['Seller Sign Date', 'seller.signDate', 'date'],
	['MLS Number', 'file.mlsNumber', 'text'],
	['APN', 'property.apn', 'text'],
	['County', 'property.county', 'text'],
	['Possession Date', 'terms.possessionDate', 'date'],
	['Personal Property Included', 'terms.personalProperty', 'textarea'],
	['Monthly Rent', 'lease.monthlyRent', 'currency'],
	['Security Deposit', 'lease.securityDeposit', 'currency'],
	['Lease Start', 'lease.startDate', 'date'],
	['Lease End', 'lease.endDate', 'date'],
];

const cache = new WeakMap<FormRecord, FieldDefinition[]>();

/** The field definitions of a form: built on first use, the same every time. */
export function fieldsOf(form: FormRecord): FieldDefinition[] {
	const known = cache.get(form);
	if (known) return known;
	const random = mulberry32(form.id * 7919);
	const count = 8 + (form.id % 17);
	const start = Math.floor(random() * FIELD_POOL.length);
	const fields: FieldDefinition[] = [];
	for (let i = 0; i < count; i++) {
		const [name, dataRef, type] = FIELD_POOL[(start + i) % FIELD_POOL.length];
		const pageNumber = 1 + Math.floor((i * form.pageCount) / count);
		fields.push({
			id: `f${form.id}-${i + 1}`,
			name,
			dataRef,
			type: type === 'signature' || type === 'initials' ? 'signature' : type === 'checkbox' ? 'checkbox' : 'text',
			originalType: type,
			xCoordinate: 72 + Math.round(random() * 300),
			yCoordinate: 80 + Math.round(random() * 600),
			width: type === 'checkbox' ? 12 : 180,
			height: type === 'textarea' ? 60 : 14,
			pageNumber,
			fontSize: 10,
			isReadOnly: false,
			isTabbable: true,
			isFirstAggregateField: false,
			isGlobal: dataRef.startsWith('file.') || dataRef.startsWith('property.'),
			isOptional: random() < 0.5,
			isDefaultToday: type === 'date' && dataRef.endsWith('signDate'),
			esignAllowOverrideIsOptional: false,
			format: type === 'currency' ? 'currency' : type === 'date' ? 'MM/dd/yyyy' : null,
			order: i + 1,
			clientType: null,
			position: null,
			entityDisplayRule: null,
			fieldDisplay: null,
			listingFieldName: dataRef.startsWith('property.') || dataRef === 'file.mlsNumber' ? dataRef.split('.')[1] : null,
			listingTableName: dataRef.startsWith('property.') ? 'property' : null,
			referenceListingFieldName: null,
			group: dataRef.split('.')[0],
			domainFieldMetaData: null,
			associatedDataRefs: [],
		});
	}
	cache.set(form, fields);
	return fields;
}

function iso(t: number): string {
	return new Date(t).toISOString();
}

function day(t: number): string {
	return iso(t).slice(0, 10);
}

export function stamp(at: number, createdBy: string, ownedBy = createdBy): Stamp {
	return { createdBy, updatedBy: createdBy, createdOn: iso(at), updatedOn: iso(at), ownedBy };
}

export function emptyContact(): Omit<Contact, keyof Stamp | 'id' | 'fileId' | 'type' | 'firstName' | 'lastName'> {
	return {
		actionAttribute: 'Empty',
		middleName: null,
		suffix: null,
		email: null,
		primaryPhoneNumber: null,
		brokeragePhoneNumber: null,
		faxPhoneNumber: null,
		companyName: null,
		isEntity: false,
		isUser: false,
		isFileOwner: false,
		lenderLicenseNumber: null,
		agentLicenseNumber: null,
		agentMLSCode: null,
		brokerLicenseNumber: null,
		brokerMLSCode: null,
		brokerageLicenseNumber: null,
		brokerageMLSCode: null,
		primaryAddress: null,
	};
}

function phone(random: () => number): string {
	return `(555) ${String(100 + Math.floor(random() * 900))}-${String(1000 + Math.floor(random() * 9000))}`;
}

function address(random: () => number): Address {
	const [city, state, postalCode, county] = pick(random, CITIES);
	return {
		streetNumber: String(100 + Math.floor(random() * 9800)),
		streetName: `${pick(random, STREETS)} ${pick(random, SUFFIXES)}`,
		unitNumber: random() < 0.15 ? String(1 + Math.floor(random() * 30)) : '',
		city,
		state,
		postalCode,
		county,
	};
}

export function addressLine(a: Address): string {
	const unit = a.unitNumber ? ` #${a.unitNumber}` : '';
	return `${a.streetNumber} ${a.streetName}${unit}, ${a.city}, ${a.state} ${a.postalCode}`.trim();
}

function person(random: () => number): { firstName: string; lastName: string; email: string } {
	const firstName = pick(random, FIRST);
	const lastName = pick(random, LAST);
	return { firstName, lastName, email: `${firstName}.${lastName}@example.com`.toLowerCase() };
}

export function seedForms(store: FormsStore, seed: number, extraFiles: number): void {
	const random = mulberry32((seed ^ 0xf0a5) >>> 0);

	store.users.set(USERS.caller, {
		id: USERS.caller,
		subscriberId: '7100',
		firstName: 'Avery',
		middleName: null,
		lastName: 'Sample',
		suffix: null,
		email: 'avery.sample@example.com',
		regions: ['CA-SACRAMENTO', 'TX-AUSTIN'],
		libraryIds: [11, 12, 13],
	});
	const others: Array<[string, string, string, string[], number[]]> = [
		[USERS.riley, 'Riley', 'Example', ['AZ-PHOENIX'], [11, 14]],
		[USERS.morgan, 'Morgan', 'Placeholder', [], [12]],
		[USERS.taylor, 'Taylor', 'Demo', ['CO-DENVER'], [11]],
		[USERS.frontDesk, 'Front Desk', 'Team', ['CA-SACRAMENTO'], [13]],
		[USERS.broker, 'Blair', 'Brokerton', ['CA-SACRAMENTO'], [11, 12, 13, 14]],
	];
	for (const [id, firstName, lastName, regions, libraryIds] of others) {
		store.users.set(id, {
			id,
			subscriberId: '7100',
			firstName,
			middleName: null,
			lastName,
			suffix: null,
			email: `${firstName}.${lastName}@example.com`.toLowerCase().replace(/ /g, ''),
			regions,
			libraryIds,
		});
	}
	store.collaborators.push(
		{ userId: USERS.riley, isReceivingAccess: true, isSharingAccess: true, isGroupUser: false },
		{ userId: USERS.morgan, isReceivingAccess: true, isSharingAccess: false, isGroupUser: false },
		{ userId: USERS.taylor, isReceivingAccess: false, isSharingAccess: true, isGroupUser: false },
		{ userId: USERS.frontDesk, isReceivingAccess: true, isSharingAccess: false, isGroupUser: true },
	);

	const libraries: Array<[number, string, string]> = [
		[11, 'Statewide Residential Forms', 'CA'],
		[12, 'Brokerage Office Library', 'CA'],
		[13, 'Leasing and Property Management', 'CA'],
		[14, 'Arizona Residential Forms', 'AZ'],
	];
	for (const [id, name, state] of libraries) {
		store.libraries.set(id, { id, name, description: `${name} (sandbox sample library)`, state });
	}
	FORM_NAMES.forEach(([name, type], i) => {
		const id = 301 + i;
		const libraryId = type === 'lease' ? 13 : i % 3 === 1 ? 12 : 11;
		store.forms.set(id, {
			id,
			name,
			libraryId,
			attributes: { 'form-type': type, state: 'CA', version: `${2023 + (i % 3)}.${1 + (i % 4)}` },
			pageCount: 1 + (i % 6),
			versionId: 9000 + id,
		});
	});
	['Residential Purchase Contract (AZ)', 'Buyer Broker Agreement (AZ)', 'SPDS (AZ)', 'Addendum (AZ)', 'Counter Offer (AZ)', 'Lease (AZ)'].forEach(
		(name, i) => {
			const id = 351 + i;
			store.forms.set(id, {
				id,
				name,
				libraryId: 14,
				attributes: { 'form-type': i === 5 ? 'lease' : 'purchase', state: 'AZ', version: '2024.1' },
				pageCount: 2 + (i % 3),
				versionId: 9000 + id,
			});
		},
	);
	const formIds = [...store.forms.values()].filter((f) => f.libraryId !== 14).map((f) => f.id);

	const reps = ['Buyer', 'Seller', 'Tenant', 'Landlord'];
	const owners: string[] = [
		...Array.from({ length: 23 }, () => USERS.caller),
		USERS.riley,
		USERS.riley,
		USERS.riley,
		USERS.morgan,
		USERS.morgan,
		USERS.taylor,
		USERS.taylor,
	];
	for (let i = 0; i < 30; i++) {
		const created = EPOCH + Math.floor(i * 9.5 * DAY + random() * DAY);
		const ownedBy = owners[i];
		const rep = reps[i % 4];
		const property = address(random);
		const archived = i % 7 === 5;
		const file: FileRecord = {
			id: store.nextId('file'),
			name: `${property.streetNumber} ${property.streetName}`,
			type: 'File',
			representationType: rep,
			templateCategory: rep === 'Tenant' || rep === 'Landlord' ? 'Lease' : 'Residential',
			closingDate: random() < 0.6 ? day(created + (30 + Math.floor(random() * 45)) * DAY) : null,
			acceptanceDate: random() < 0.6 ? day(created + Math.floor(random() * 10) * DAY) : null,
			status: archived ? 'closed' : 'pre-contract',
			mlsNumber: random() < 0.7 ? `ML${String(81000000 + Math.floor(random() * 999999))}` : '',
			mlsMarketName: property.state === 'TX' ? 'Central Texas MLS' : property.state === 'CA' ? 'Statewide Regional MLS' : `${property.state} Regional MLS`,
			purchasePrice: rep === 'Tenant' || rep === 'Landlord' ? 1800 + Math.floor(random() * 40) * 50 : 250000 + Math.floor(random() * 120) * 5000,
			property,
			contacts: [],
			commissions: [],
			isDeleted: false,
			isArchived: archived,
			accountGroups: [],
			regions: [],
			...stamp(created, ownedBy),
		};
		if (i === 29) file.isDeleted = true;
		store.files.set(file.id, file);
		seedContacts(store, file, created, random);
		seedDocuments(store, file, created, random, formIds);
		if (i % 3 === 0 || i === 1) seedEnvelopes(store, file, created, random, i);
	}

	// Personal and broker templates: files of type Template / BrokerTemplate with their forms.
	const templates: Array<[string, 'Template' | 'BrokerTemplate', string, number[]]> = [
		['Buyer Starter Pack', 'Template', 'Buyer', [301, 302, 310, 311]],
		['Listing Kit', 'Template', 'Seller', [309, 303, 306, 316]],
		['Lease Package', 'Template', 'Tenant', [312, 325, 326]],
		['Repair Request Bundle', 'Template', 'Buyer', [307, 315]],
		['Office Buyer Package', 'BrokerTemplate', 'Buyer', [301, 302, 310, 311, 322, 324]],
		['Office Listing Package', 'BrokerTemplate', 'Seller', [309, 303, 306, 321, 331]],
		['Office Lease Package', 'BrokerTemplate', 'Landlord', [312, 338, 339]],
		['Office Addenda', 'BrokerTemplate', 'Buyer', [305, 317, 333]],
	];
	templates.forEach(([name, type, rep, forms], i) => {
		const created = EPOCH + i * 11 * DAY;
		const owner = type === 'BrokerTemplate' ? USERS.broker : USERS.caller;
		const template: FileRecord = {
			id: store.nextId('file'),
			name,
			type,
			representationType: rep,
			templateCategory: rep === 'Tenant' || rep === 'Landlord' ? 'Lease' : 'Residential',
			closingDate: null,
			acceptanceDate: null,
			status: 'pre-contract',
			mlsNumber: '',
			mlsMarketName: '',
			purchasePrice: null,
			property: { streetNumber: '', streetName: '', unitNumber: '', city: '', state: '', postalCode: '', county: null },
			contacts: [],
			commissions: [],
			isDeleted: false,
			isArchived: false,
			accountGroups: type === 'BrokerTemplate' ? ['All Agents'] : [],
			regions: type === 'BrokerTemplate' ? ['CA-SACRAMENTO'] : [],
			...stamp(created, owner),
		};
		store.files.set(template.id, template);
		store.templateForms.set(template.id, forms);
		for (const formId of forms) store.addDocument(documentFromForm(store, template.id, formId, created, owner, owner));
	});

	// The benchmark knob: plain files, no sub-records, built in one cheap loop.
	for (let i = 0; i < extraFiles; i++) {
		const created = EPOCH + Math.floor((i % 400) * DAY + random() * DAY);
		const [city, state, postalCode, county] = CITIES[i % CITIES.length];
		const property: Address = {
			streetNumber: String(100 + (i % 9800)),
			streetName: `${STREETS[i % STREETS.length]} ${SUFFIXES[i % SUFFIXES.length]}`,
			unitNumber: '',
			city,
			state,
			postalCode,
			county,
		};
		const rep = reps[i % 4];
		const id = store.nextId('file');
		store.files.set(id, {
			id,
			name: `${property.streetNumber} ${property.streetName} (${i + 1})`,
			type: 'File',
			representationType: rep,
			templateCategory: rep === 'Tenant' || rep === 'Landlord' ? 'Lease' : 'Residential',
			closingDate: null,
			acceptanceDate: null,
			status: 'pre-contract',
			mlsNumber: '',
			mlsMarketName: '',
			purchasePrice: null,
			property,
			contacts: [],
			commissions: [],
			isDeleted: false,
			isArchived: false,
			accountGroups: [],
			regions: [],
			...stamp(created, USERS.caller),
		});
	}
}

function seedContacts(store: FormsStore, file: FileRecord, created: number, random: () => number): void {
	const owner = store.users.get(file.ownedBy);
	const add = (partial: Partial<Contact> & Pick<Contact, 'type' | 'firstName' | 'lastName'>) => {
		const contact: Contact = {
			...emptyContact(),
			...stamp(created, file.createdBy, file.ownedBy),
			id: store.nextId('contact'),
			fileId: file.id,
			...partial,
		};
		file.contacts.push(contact);
		store.contactsById.set(contact.id, contact);
	};
	const agentType = file.representationType === 'Seller' || file.representationType === 'Landlord' ? 'SellerAgent' : 'BuyerAgent';
	add({
		type: agentType,
		firstName: owner?.firstName ?? 'Avery',
		lastName: owner?.lastName ?? 'Sample',
		email: owner?.email ?? null,
		primaryPhoneNumber: phone(random),
		companyName: 'Placeholder Realty Group',
		isUser: true,
		isFileOwner: true,
		actionAttribute: 'ReceivesCopy',
		agentLicenseNumber: `0${2000000 + Math.floor(random() * 999999)}`,
		agentMLSCode: `AG${1000 + Math.floor(random() * 9000)}`,
		brokerageLicenseNumber: '01900001',
	});
	const principal = file.representationType === 'Seller' || file.representationType === 'Landlord' ? 'Seller' : 'Buyer';
	const principals = 1 + Math.floor(random() * 2);
	for (let n = 0; n < principals; n++) {
		const p = person(random);
		add({
			type: principal,
			...p,
			primaryPhoneNumber: phone(random),
			actionAttribute: 'NeedsToSign',
			primaryAddress: { ...address(random), id: store.nextId('address') },
		});
	}
	if (random() < 0.6) {
		const p = person(random);
		add({ type: 'EscrowOfficer', ...p, companyName: pick(random, COMPANIES), actionAttribute: 'ReceivesCopy' });
	}
	if (random() < 0.2) {
		add({ type: 'Seller', firstName: 'Sample', lastName: 'Family Trust', isEntity: true, companyName: 'Sample Family Trust', actionAttribute: 'NeedsToSign' });
	}
	const commission: Commission = {
		id: store.nextId('commission'),
		type: principal === 'Seller' ? 'Listing' : 'Sale',
		calculationType: random() < 0.5 ? 'Flat' : 'Percent',
		amount: 0,
		...stamp(created, file.createdBy, file.ownedBy),
	};
	commission.amount = commission.calculationType === 'Flat' ? 5000 + Math.floor(random() * 20) * 500 : 2.5;
	file.commissions.push(commission);
}

export function documentFromForm(
	store: FormsStore,
	fileId: number,
	formId: number,
	at: number,
	createdBy: string,
	ownedBy: string,
): DocumentRecord {
	const form = store.forms.get(formId);
	if (!form) throw new Error(`no form ${formId}`);
	return {
		id: store.nextId('document'),
		fileId,
		formName: form.name,
		formId: form.id,
		formVersionId: form.versionId,
		pageCount: form.pageCount,
		documentType: 'Forms',
		values: {},
		isSigned: false,
		isDeleted: false,
		...stamp(at, createdBy, ownedBy),
		updatedBy: null,
	};
}

function seedDocuments(store: FormsStore, file: FileRecord, created: number, random: () => number, formIds: number[]): void {
	const count = 2 + Math.floor(random() * 4);
	const used = new Set<number>();
	for (let n = 0; n < count; n++) {
		const formId = formIds[Math.floor(random() * formIds.length)];
		if (used.has(formId)) continue;
		used.add(formId);
		const doc = documentFromForm(store, file.id, formId, created + n * 3600000, file.createdBy, file.ownedBy);
		doc.values['property.fullAddress'] = addressLine(file.property);
		if (file.purchasePrice !== null) doc.values['file.purchasePrice'] = file.purchasePrice;
		store.addDocument(doc);
	}
}

function seedEnvelopes(store: FormsStore, file: FileRecord, created: number, random: () => number, i: number): void {
	const docs = store.liveDocuments(file.id);
	const statuses = ['Completed', 'Sent', 'Completed', 'Draft', 'Voided', 'Completed'];
	const envelopesCount = i % 2 === 0 ? 2 : 1;
	for (let n = 0; n < envelopesCount; n++) {
		const status = statuses[(i + n) % statuses.length];
		const sentAt = created + (2 + n * 5) * DAY;
		const documentIds = docs.slice(0, 1 + n).map((d) => d.id);
		const envelope = newEnvelope(store, random, {
			fileId: file.id,
			name: `${file.name} - ${n === 0 ? 'Offer package' : 'Disclosures'}`,
			documentIds,
			at: sentAt,
			createdBy: file.createdBy,
			ownedBy: file.ownedBy,
			signerContactIds: file.contacts.filter((c) => c.actionAttribute === 'NeedsToSign').map((c) => c.id),
		});
		envelope.status = status;
		envelope.dateSent = status === 'Draft' ? null : iso(sentAt);
		if (status === 'Completed') {
			const signedAt = sentAt + Math.floor((0.2 + random()) * DAY);
			completeEnvelope(store, envelope, signedAt, random);
			// One seeded signed document is no longer available, as the spec's NotFound case.
			if (i === 6 && n === 0) {
				const record = store.signed[store.signed.length - 1];
				record.documentAvailable = false;
				record.unavailableReason = 'NotFound';
			}
		}
	}
}

export function newEnvelope(
	store: FormsStore,
	random: () => number,
	o: {
		fileId: number;
		name: string;
		documentIds: number[];
		at: number;
		createdBy: string;
		ownedBy: string;
		signerContactIds: number[];
	},
): EnvelopeRecord {
	const envelopeGuid = guid(random);
	const envelope: EnvelopeRecord = {
		formsEnvelopeId: store.nextId('envelope'),
		guid: envelopeGuid,
		name: o.name,
		status: 'Sent',
		isDeleted: false,
		fileId: o.fileId,
		externalId: guid(random),
		dateSent: iso(o.at),
		createdOn: iso(o.at),
		updatedOn: iso(o.at),
		ownedBy: o.ownedBy,
		createdBy: o.createdBy,
		documentIds: o.documentIds,
		signers: o.signerContactIds.map(
			(contactId): Signer => ({
				id: guid(random),
				dateSigned: null,
				contactId: String(contactId),
				envelopeId: envelopeGuid,
				externalId: guid(random),
				createdBy: o.createdBy,
				updatedBy: o.createdBy,
				createdOn: iso(o.at),
				updatedOn: iso(o.at),
				ownedBy: o.ownedBy,
			}),
		),
	};
	store.envelopes.set(envelope.formsEnvelopeId, envelope);
	return envelope;
}

/** Marks an envelope completed and records one signed document per envelope document. */
export function completeEnvelope(store: FormsStore, envelope: EnvelopeRecord, at: number, random: () => number) {
	envelope.status = 'Completed';
	envelope.updatedOn = iso(at);
	for (const signer of envelope.signers) {
		signer.dateSigned = iso(at);
		signer.updatedOn = iso(at);
	}
	const added = [];
	for (const documentId of envelope.documentIds) {
		const doc = store.documents.get(documentId);
		if (!doc) continue;
		const record = {
			envelopeDocumentId: store.nextId('signed'),
			formsEnvelopeId: envelope.formsEnvelopeId,
			envelopeId: envelope.guid,
			esignDocumentGuid: guid(random),
			envelopeName: envelope.name,
			dateSigned: iso(at),
			fileId: envelope.fileId,
			documentId,
			externalDocumentId: guid(random),
			externalEnvelopeId: envelope.externalId,
			externalType: 'DigiSign',
			documentAddedDate: iso(at),
			documentName: doc.formName,
			documentAvailable: true,
			unavailableReason: null,
			pageCount: doc.pageCount,
			filename: `${doc.formName.replace(/[^A-Za-z0-9 ._-]/g, '').replace(/\s+/g, '_')}_signed.pdf`,
			ownedBy: envelope.ownedBy,
			token: guid(random).replace(/-/g, ''),
		};
		store.signed.push(record);
		added.push(record);
	}
	return added;
}
