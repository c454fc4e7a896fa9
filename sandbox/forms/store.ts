// The in-memory state of the forms service: records, id counters, and the rules that read them
// (who may see a file, whom a caller may act for).
import { notFound } from './http';
import type { Naming } from './naming';

export interface Address {
	streetNumber: string;
	streetName: string;
	unitNumber: string;
	city: string;
	state: string;
	postalCode: string;
	county: string | null;
}

export interface Stamp {
	createdBy: string;
	updatedBy: string | null;
	createdOn: string;
	updatedOn: string;
	ownedBy: string;
}

export interface Contact extends Stamp {
	id: number;
	fileId: number;
	type: string;
	actionAttribute: string;
	firstName: string;
	middleName: string | null;
	lastName: string;
	suffix: string | null;
	email: string | null;
	primaryPhoneNumber: string | null;
	brokeragePhoneNumber: string | null;
	faxPhoneNumber: string | null;
	companyName: string | null;
	isEntity: boolean;
	isUser: boolean;
	isFileOwner: boolean;
	lenderLicenseNumber: string | null;
	agentLicenseNumber: string | null;
	agentMLSCode: string | null;
	brokerLicenseNumber: string | null;
	brokerMLSCode: string | null;
	brokerageLicenseNumber: string | null;
	brokerageMLSCode: string | null;
	primaryAddress: (Address & { id: number }) | null;
}

export interface Commission extends Stamp {
	id: number;
	type: string;
	calculationType: string;
	amount: number;
}

export type FileType = 'File' | 'Template' | 'BrokerTemplate';

export interface FileRecord extends Stamp {
	id: number;
	name: string;
	type: FileType;
	representationType: string;
	templateCategory: string;
	closingDate: string | null;
	acceptanceDate: string | null;
	status: string;
	mlsNumber: string;
	mlsMarketName: string;
	purchasePrice: number | null;
	property: Address;
	contacts: Contact[];
	commissions: Commission[];
	isDeleted: boolean;
	isArchived: boolean;
	accountGroups: string[];
	regions: string[];
	webhookUrl?: string;
}

export interface FieldDefinition {
	id: string;
	name: string;
	dataRef: string;
	type: string;
	originalType: string;
	xCoordinate: number;
	yCoordinate: number;
	width: number;
	height: number;
	pageNumber: number;
	fontSize: number;
	isReadOnly: boolean;
	isTabbable: boolean;
	isFirstAggregateField: boolean;
	isGlobal: boolean;
	isOptional: boolean;
	isDefaultToday: boolean;
	esignAllowOverrideIsOptional: boolean;
	format: string | null;
	order: number | null;
	clientType: string | null;
	position: string | null;
	entityDisplayRule: string | null;
	fieldDisplay: string | null;
	listingFieldName: string | null;
	listingTableName: string | null;
	referenceListingFieldName: string | null;
	group: string | null;
	domainFieldMetaData: string | null;
	associatedDataRefs: string[];
}

export interface DocumentRecord extends Stamp {
	id: number;
	fileId: number;
	formName: string;
	formId: number | null;
	formVersionId: number;
	pageCount: number;
	documentType: string;
	values: Record<string, unknown>;
	/** Uploaded PDFs keep their bytes; form documents are rendered on download. */
	bytes?: Buffer;
	isSigned: boolean;
	isDeleted: boolean;
}

export interface Signer {
	id: string;
	dateSigned: string | null;
	contactId: string;
	envelopeId: string;
	externalId: string;
	createdBy: string;
	updatedBy: string;
	createdOn: string;
	updatedOn: string;
	ownedBy: string;
}

export interface EnvelopeRecord {
	formsEnvelopeId: number;
	/** The e-sign envelope guid (signed documents' `envelopeId`). */
	guid: string;
	name: string;
	status: string;
	isDeleted: boolean;
	fileId: number;
	externalId: string;
	dateSent: string | null;
	createdOn: string;
	updatedOn: string;
	ownedBy: string;
	createdBy: string;
	documentIds: number[];
	signers: Signer[];
}

export interface SignedDocumentRecord {
	envelopeDocumentId: number;
	formsEnvelopeId: number;
	envelopeId: string;
	esignDocumentGuid: string;
	envelopeName: string;
	dateSigned: string;
	fileId: number;
	documentId: number;
	externalDocumentId: string;
	externalEnvelopeId: string;
	externalType: string;
	documentAddedDate: string;
	documentName: string;
	documentAvailable: boolean;
	unavailableReason: string | null;
	pageCount: number;
	filename: string;
	ownedBy: string;
	/** Secret path segment of the sandbox download link (like a pre-signed URL). */
	token: string;
	bytes?: Buffer;
}

export interface FormRecord {
	id: number;
	name: string;
	libraryId: number;
	attributes: Record<string, string>;
	pageCount: number;
	versionId: number;
}

export interface LibraryRecord {
	id: number;
	name: string;
	description: string;
	state: string;
}

export interface UserRecord {
	id: string;
	subscriberId: string;
	firstName: string;
	middleName: string | null;
	lastName: string;
	suffix: string | null;
	email: string;
	/** MLS search regions; empty means MLS import reports missing_regions. */
	regions: string[];
	libraryIds: number[];
}

export interface CollaboratorRecord {
	userId: string;
	isReceivingAccess: boolean;
	isSharingAccess: boolean;
	isGroupUser: boolean;
}

export const CALLER_ID = '00000000-0000-4000-8000-000000000001';

export class FormsStore {
	readonly files = new Map<number, FileRecord>();
	readonly contactsById = new Map<number, Contact>();
	readonly documents = new Map<number, DocumentRecord>();
	readonly documentsByFile = new Map<number, DocumentRecord[]>();
	readonly envelopes = new Map<number, EnvelopeRecord>();
	readonly signed: SignedDocumentRecord[] = [];
	readonly forms = new Map<number, FormRecord>();
	readonly libraries = new Map<number, LibraryRecord>();
	readonly users = new Map<string, UserRecord>();
	/** The collaborators of the caller (the sandbox has one signed-in user). */
	readonly collaborators: CollaboratorRecord[] = [];
	/** Template id -> form ids its documents come from. */
	readonly templateForms = new Map<number, number[]>();
	/** Where ListSignedDocuments puts its records: a bare array (default) or `{totalRecords, documents}`. */
	signedDocumentsShape: 'array' | 'object' = 'array';
	/** Whose field names records are answered in (naming.ts): the service documents' or the OpenAPI's. */
	naming: Naming = 'service';
	/** The payload shape of signed-documents notifications (see signing.ts; PUT /forms/sandbox/notification-shape). */
	notificationShape: NotificationShape = 'documentIds';

	private counters = { file: 1000, contact: 5000, commission: 8000, document: 20000, envelope: 7000, signed: 40000, address: 60000 };

	nextId(kind: keyof FormsStore['counters']): number {
		return ++this.counters[kind];
	}

	addDocument(doc: DocumentRecord): void {
		this.documents.set(doc.id, doc);
		const list = this.documentsByFile.get(doc.fileId);
		if (list) list.push(doc);
		else this.documentsByFile.set(doc.fileId, [doc]);
	}

	liveDocuments(fileId: number): DocumentRecord[] {
		return (this.documentsByFile.get(fileId) ?? []).filter((d) => !d.isDeleted);
	}

	envelopesOf(fileId: number): EnvelopeRecord[] {
		return [...this.envelopes.values()].filter((e) => e.fileId === fileId && !e.isDeleted);
	}

	/** Users whose delegate access the caller holds (isReceivingAccess). */
	grantors(): Set<string> {
		return new Set(this.collaborators.filter((c) => c.isReceivingAccess).map((c) => c.userId));
	}

	/** Resolves `onBehalfOf`: the caller itself, or a collaborator who shared access; otherwise 404. */
	actingFor(onBehalfOf: string | undefined): string {
		if (onBehalfOf === undefined || onBehalfOf === CALLER_ID) return CALLER_ID;
		if (!this.grantors().has(onBehalfOf)) {
			throw notFound(`No delegate access grant from user '${onBehalfOf}' to the caller`);
		}
		return onBehalfOf;
	}

	/** Whether the caller may see a file; pass `grantors` when checking many files at once. */
	canAccess(file: FileRecord, grantors?: Set<string>): boolean {
		if (file.isDeleted) return false;
		if (file.type === 'BrokerTemplate') return true;
		if (file.ownedBy === CALLER_ID || file.createdBy === CALLER_ID) return true;
		return (grantors ?? this.grantors()).has(file.ownedBy);
	}

	/** A file (not a template) the caller may see, or 404. */
	file(fileId: number): FileRecord {
		const file = this.files.get(fileId);
		if (!file || !this.canAccess(file) || file.type !== 'File') throw notFound(`File ${fileId} was not found`);
		return file;
	}

	/** A file or template the caller may see, or 404. */
	anyFile(fileId: number): FileRecord {
		const file = this.files.get(fileId);
		if (!file || !this.canAccess(file)) throw notFound(`File ${fileId} was not found`);
		return file;
	}

	document(documentId: number): DocumentRecord {
		const doc = this.documents.get(documentId);
		if (!doc || doc.isDeleted) throw notFound(`Document ${documentId} was not found`);
		this.anyFile(doc.fileId);
		return doc;
	}
}

// ---- signed-document notifications: the shapes the sandbox sends (signing.ts, envelopes.ts) ----

/**
 * The payload shapes the sandbox can send. The spec leaves the payload open ("not shown"), so a
 * client must cope with any reasonable one:
 * - documentIds   a list of document ids (the default; SignedNotification)
 * - documents     a list of document objects, each with documentId
 * - documentId    one notification per signed document, each with a single documentId
 * - envelopeOnly  the envelope (formsEnvelopeId, envelopeId) but no document
 * - fileOnly      only the file and the time
 * - nested        {eventType, data: {fileId, envelope: {id, guid, name}, documents: [{id, name}]}, timestamp}
 */
export const NOTIFICATION_SHAPES = ['documentIds', 'documents', 'documentId', 'envelopeOnly', 'fileOnly', 'nested'] as const;
export type NotificationShape = (typeof NOTIFICATION_SHAPES)[number];

/** The JSON the sandbox POSTs to a subscribed webhookUrl when an envelope's documents are signed. */
export interface SignedNotification {
	eventType: 'documents.signed';
	fileId: number;
	formsEnvelopeId: number;
	envelopeId: string;
	envelopeName: string;
	documentIds: number[];
	envelopeDocumentIds: number[];
	signedAt: string;
}

/** A notification in any of the shapes the sandbox can send (see NOTIFICATION_SHAPES in signing.ts). */
export type NotificationPayload = Record<string, unknown>;

export interface Delivery {
	url: string;
	status?: number;
	error?: string;
	notification: NotificationPayload;
}
