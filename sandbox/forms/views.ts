// Read shapes of spec section 2, built from the store's records.
import { addressLine } from './seed';
import type {
	Address,
	Contact,
	DocumentRecord,
	EnvelopeRecord,
	FileRecord,
	FormsStore,
	SignedDocumentRecord,
} from './store';

function propertyView(a: Address) {
	return {
		...a,
		isCompleteAddress: Boolean(a.streetNumber && a.streetName && a.city && a.state && a.postalCode),
	};
}

export function contactView(c: Contact) {
	return {
		id: c.id,
		type: c.type,
		actionAttribute: c.actionAttribute,
		firstName: c.firstName,
		middleName: c.middleName,
		lastName: c.lastName,
		suffix: c.suffix,
		email: c.email,
		primaryPhoneNumber: c.primaryPhoneNumber,
		brokeragePhoneNumber: c.brokeragePhoneNumber,
		faxPhoneNumber: c.faxPhoneNumber,
		companyName: c.companyName,
		isEntity: c.isEntity,
		isUser: c.isUser,
		isFileOwner: c.isFileOwner,
		lenderLicenseNumber: c.lenderLicenseNumber,
		agentLicenseNumber: c.agentLicenseNumber,
		agentMLSCode: c.agentMLSCode,
		brokerLicenseNumber: c.brokerLicenseNumber,
		brokerMLSCode: c.brokerMLSCode,
		brokerageLicenseNumber: c.brokerageLicenseNumber,
		brokerageMLSCode: c.brokerageMLSCode,
		primaryAddress: c.primaryAddress,
		contactInformation: {
			lenderLicenseNumber: c.lenderLicenseNumber,
			agentLicenseNumber: c.agentLicenseNumber,
			agentMlsCode: c.agentMLSCode,
			brokerageLicenseNumber: c.brokerageLicenseNumber,
			brokerageMlsCode: c.brokerageMLSCode,
			brokerLicenseNumber: c.brokerLicenseNumber,
			brokerMlsCode: c.brokerMLSCode,
		},
		createdBy: c.createdBy,
		updatedBy: c.updatedBy,
		createdOn: c.createdOn,
		updatedOn: c.updatedOn,
		ownedBy: c.ownedBy,
	};
}

export function fileView(store: FormsStore, f: FileRecord) {
	return {
		id: f.id,
		name: f.name,
		type: f.type,
		representationType: f.representationType,
		templateCategory: f.templateCategory,
		closingDateTime: f.closingDate,
		acceptanceDateTime: f.acceptanceDate,
		meta: { status: f.status },
		transactionMeta: { status: f.status },
		mlsNumber: f.mlsNumber,
		purchasePrice: f.purchasePrice,
		fileData: { mlsNumber: f.mlsNumber },
		property: propertyView(f.property),
		contacts: f.contacts.map(contactView),
		commissions: f.commissions.map((c) => ({ ...c })),
		documentData: store.liveDocuments(f.id).map((d) => String(d.id)),
		isDeleted: f.isDeleted,
		isArchived: f.isArchived,
		createdOn: f.createdOn,
		updatedOn: f.updatedOn,
		createdBy: f.createdBy,
		updatedBy: f.updatedBy,
		ownedBy: f.ownedBy,
	};
}

function contactInfo(f: FileRecord): string {
	return f.contacts
		.filter((c) => !c.isUser)
		.map((c) => (c.isEntity && c.companyName ? c.companyName : `${c.firstName} ${c.lastName}`))
		.join(', ');
}

export function fileListItem(store: FormsStore, f: FileRecord) {
	return {
		id: f.id,
		name: f.name,
		address: f.property.streetName ? addressLine(f.property) : '',
		contactInfo: contactInfo(f),
		type: f.type,
		representationType: f.representationType,
		templateCategory: f.templateCategory,
		documentCount: store.liveDocuments(f.id).length,
		envelopeCount: store.envelopesOf(f.id).length,
		isArchived: f.isArchived,
		createdDate: f.createdOn,
		createdBy: f.createdBy,
		lastUpdated: f.updatedOn,
		updatedBy: f.updatedBy,
		ownedBy: f.ownedBy,
		meta: { status: f.status },
		mlsNumber: f.mlsNumber,
		mlsMarketName: f.mlsMarketName,
		transactionMeta: { status: f.status },
	};
}

export function templateListItem(store: FormsStore, f: FileRecord) {
	return {
		id: f.id,
		name: f.name,
		type: f.type,
		representationType: f.representationType,
		documentCount: store.liveDocuments(f.id).length,
		createdDate: f.createdOn,
		createdBy: f.createdBy,
		lastUpdated: f.updatedOn,
		updatedBy: f.updatedBy,
		ownedBy: f.ownedBy,
		accountGroups: f.accountGroups,
		regions: f.regions,
	};
}

export function documentView(d: DocumentRecord) {
	return {
		id: d.id,
		formName: d.formName,
		formId: d.formId,
		formVersionId: d.formVersionId,
		fileId: d.fileId,
		pageCount: d.pageCount,
		documentType: d.documentType,
		createdBy: d.createdBy,
		updatedBy: d.updatedBy,
		createdOn: d.createdOn,
		updatedOn: d.updatedOn,
		ownedBy: d.ownedBy,
	};
}

export function envelopeView(e: EnvelopeRecord) {
	return {
		id: String(e.formsEnvelopeId),
		name: e.name,
		status: e.status,
		isDeleted: e.isDeleted,
		fileId: e.fileId,
		externalId: e.externalId,
		dateSent: e.dateSent,
		updatedOn: e.updatedOn,
		ownedBy: e.ownedBy,
		documentIds: e.documentIds,
		signers: e.signers.map((s) => ({ ...s })),
	};
}

export function signedView(s: SignedDocumentRecord, baseUrl: string) {
	return {
		envelopeDocumentId: s.envelopeDocumentId,
		formsEnvelopeId: s.formsEnvelopeId,
		envelopeId: s.envelopeId,
		esignDocumentGuid: s.esignDocumentGuid,
		envelopeName: s.envelopeName,
		dateSigned: s.dateSigned,
		fileId: s.fileId,
		documentId: s.documentId,
		externalDocumentId: s.externalDocumentId,
		externalEnvelopeId: s.externalEnvelopeId,
		externalType: s.externalType,
		documentAddedDate: s.documentAddedDate,
		documentName: s.documentName,
		documentUrl: s.documentAvailable ? `${baseUrl}/forms/sandbox/signed-documents/${s.envelopeDocumentId}/${s.token}/${encodeURIComponent(s.filename)}` : null,
		documentAvailable: s.documentAvailable,
		unavailableReason: s.unavailableReason,
		pageCount: s.pageCount,
		filename: s.filename,
		ownedBy: s.ownedBy,
	};
}
