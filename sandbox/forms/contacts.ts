// Contacts on a file: AddContact, UpdateContact, AddContacts, DeleteContact.
import type { z } from 'zod';

import { jsonBody, notFound, ok, parseId, queryParams } from './http';
import { addContactsSchema, contactItemSchema, contactSchema, deleteQuery, type AddressInput } from './schemas';
import { emptyContact } from './seed';
import type { FormsState } from './state';
import type { Address, Contact, FormsStore } from './store';

export const FILES_READ = ['forms.files', 'forms.files.read'] as const;
export const FILES_WRITE = ['forms.files'] as const;

type ContactFields = z.infer<typeof contactItemSchema>;

export function toAddress(input: AddressInput | null | undefined, base?: Address): Address {
	return {
		streetNumber: input?.streetNumber ?? base?.streetNumber ?? '',
		streetName: input?.streetName ?? base?.streetName ?? '',
		unitNumber: input?.unitNumber ?? base?.unitNumber ?? '',
		city: input?.city ?? base?.city ?? '',
		state: input?.state ?? base?.state ?? '',
		postalCode: input?.postalCode ?? base?.postalCode ?? '',
		county: input?.county ?? base?.county ?? null,
	};
}

/** A contact record from the write shape (new, or replacing the fields of `existing`). */
export function buildContact(
	store: FormsStore,
	input: ContactFields,
	o: { fileId: number; actor: string; owner: string; now: string; existing?: Contact },
): Contact {
	const base = o.existing;
	return {
		...emptyContact(),
		id: base?.id ?? store.nextId('contact'),
		fileId: o.fileId,
		type: input.type,
		firstName: input.firstName,
		lastName: input.lastName,
		actionAttribute: input.actionAttribute ?? 'Empty',
		isEntity: input.isEntity ?? false,
		isUser: input.isUser ?? false,
		isFileOwner: base?.isFileOwner ?? false,
		middleName: input.middleName ?? null,
		suffix: input.suffix ?? null,
		email: input.email || null,
		primaryPhoneNumber: input.primaryPhoneNumber ?? null,
		brokeragePhoneNumber: input.brokeragePhoneNumber ?? null,
		faxPhoneNumber: input.faxPhoneNumber ?? null,
		companyName: input.companyName ?? null,
		agentLicenseNumber: input.agentLicenseNumber ?? null,
		agentMLSCode: input.agentMLSCode ?? null,
		brokerLicenseNumber: input.brokerLicenseNumber ?? null,
		brokerMLSCode: input.brokerMLSCode ?? null,
		brokerageLicenseNumber: input.brokerageLicenseNumber ?? null,
		brokerageMLSCode: input.brokerageMLSCode ?? null,
		lenderLicenseNumber: input.lenderLicenseNumber ?? null,
		primaryAddress: input.primaryAddress
			? { ...toAddress(input.primaryAddress), id: base?.primaryAddress?.id ?? store.nextId('address') }
			: null,
		createdBy: base?.createdBy ?? o.actor,
		createdOn: base?.createdOn ?? o.now,
		updatedBy: o.actor,
		updatedOn: o.now,
		ownedBy: base ? base.ownedBy : o.owner,
	};
}

export function contactRoutes(s: FormsState): void {
	const { store } = s;

	s.api('POST', '/files/:fileId/contacts', FILES_WRITE, (req, token) => {
		const fileId = parseId('fileId', req.params.fileId);
		const body = jsonBody(req, contactSchema);
		const owner = store.actingFor(body.onBehalfOf);
		const file = store.file(fileId);
		const contact = buildContact(store, body, { fileId, actor: token.userId, owner, now: s.iso() });
		file.contacts.push(contact);
		store.contactsById.set(contact.id, contact);
		file.updatedOn = s.iso();
		file.updatedBy = token.userId;
		return ok({ contactId: contact.id });
	});

	s.api('PUT', '/files/contacts/:contactId', FILES_WRITE, (req, token) => {
		const contactId = parseId('contactId', req.params.contactId);
		const body = jsonBody(req, contactSchema);
		const owner = store.actingFor(body.onBehalfOf);
		const existing = store.contactsById.get(contactId);
		if (!existing) throw notFound(`Contact ${contactId} was not found`);
		const file = store.file(existing.fileId);
		const updated = buildContact(store, body, { fileId: file.id, actor: token.userId, owner, now: s.iso(), existing });
		if (body.onBehalfOf !== undefined) updated.ownedBy = owner;
		Object.assign(existing, updated);
		file.updatedOn = s.iso();
		file.updatedBy = token.userId;
		return ok({ contactId });
	});

	s.api('POST', '/files/:fileId/contacts/bulk', FILES_WRITE, (req, token) => {
		const fileId = parseId('fileId', req.params.fileId);
		const body = jsonBody(req, addContactsSchema);
		const owner = store.actingFor(body.onBehalfOf);
		const file = store.file(fileId);
		const now = s.iso();
		const contacts = body.contacts.map((input, index) => {
			const contact = buildContact(store, input, { fileId, actor: token.userId, owner, now });
			file.contacts.push(contact);
			store.contactsById.set(contact.id, contact);
			const item: Record<string, unknown> = { index, contactId: contact.id, type: contact.type, isEntity: contact.isEntity };
			if (contact.isEntity) item.companyName = contact.companyName;
			else {
				item.firstName = contact.firstName;
				item.lastName = contact.lastName;
				if (contact.companyName) item.companyName = contact.companyName;
			}
			if (contact.email) item.email = contact.email;
			return item;
		});
		file.updatedOn = now;
		file.updatedBy = token.userId;
		return ok({ totalRecordsAdded: contacts.length, contacts });
	});

	s.api('DELETE', '/files/:fileId/contacts/:contactId', FILES_WRITE, (req, token) => {
		const fileId = parseId('fileId', req.params.fileId);
		const contactId = parseId('contactId', req.params.contactId);
		store.actingFor(queryParams(req, deleteQuery).onBehalfOf);
		const file = store.file(fileId);
		const index = file.contacts.findIndex((c) => c.id === contactId);
		if (index < 0) throw notFound(`Contact ${contactId} was not found on file ${fileId}`);
		file.contacts.splice(index, 1);
		store.contactsById.delete(contactId);
		file.updatedOn = s.iso();
		file.updatedBy = token.userId;
		return ok({ contactId });
	});
}
