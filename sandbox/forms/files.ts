// Files and templates: ListFiles, GetFile, CreateFile, UpdateFileDetails, UpdateFile, ImportMls,
// ApplyTemplate, ListTemplates.
import { buildContact, FILES_READ, FILES_WRITE, toAddress } from './contacts';
import { badRequest, jsonBody, notFound, ok, pageOf, parseCalendarDate, parseId, queryParams } from './http';
import { runMlsImport } from './mls';
import {
	applyTemplateSchema,
	createFileQuery,
	createFileSchema,
	importMlsSchema,
	pagedQuery,
	templatesQuery,
	updateFileDetailsSchema,
	updateFileSchema,
} from './schemas';
import { documentFromForm, stamp } from './seed';
import { filterWith, sortWith, type SieveFields } from './sieve';
import type { FormsState } from './state';
import type { Commission, FileRecord } from './store';
import { inNaming } from './naming';
import { contactView, fileListItem, fileView, templateListItem } from './views';

/** Filterable and sortable fields of ListFiles (names compared case-insensitively). */
export const FILE_FIELDS: SieveFields<FileRecord> = {
	id: { type: 'number', get: (f) => f.id },
	name: { type: 'string', get: (f) => f.name },
	representationtype: { type: 'string', get: (f) => f.representationType },
	type: { type: 'string', get: (f) => f.type },
	templatecategory: { type: 'string', get: (f) => f.templateCategory },
	status: { type: 'string', get: (f) => f.status },
	mlsnumber: { type: 'string', get: (f) => f.mlsNumber },
	isarchived: { type: 'boolean', get: (f) => f.isArchived },
	ownedby: { type: 'string', get: (f) => f.ownedBy },
	createdby: { type: 'string', get: (f) => f.createdBy },
	city: { type: 'string', get: (f) => f.property.city },
	state: { type: 'string', get: (f) => f.property.state },
	createddate: { type: 'date', get: (f) => f.createdOn },
	lastupdated: { type: 'date', get: (f) => f.updatedOn },
	closingdate: { type: 'date', get: (f) => f.closingDate },
};

const MLS_IMPORT_SCOPE = 'forms.mls.import';

export function fileRoutes(s: FormsState): void {
	const { store } = s;

	s.api('GET', '/files', FILES_READ, (req) => {
		const q = queryParams(req, pagedQuery);
		const grantors = store.grantors();
		const visible = [...store.files.values()].filter((f) => f.type === 'File' && store.canAccess(f, grantors));
		const filtered = filterWith(visible, q.filters, FILE_FIELDS);
		const sorted = sortWith(filtered, q.sorts ?? '-createddate', FILE_FIELDS);
		return ok({
			totalRecords: sorted.length,
			files: pageOf(sorted, q.page, q.pageSize).map((f) => fileListItem(store, f)),
		});
	});

	s.api('GET', '/files/:fileId', FILES_READ, (req) => {
		const fileId = parseId('fileId', req.params.fileId);
		return ok(inNaming(store.naming, 'file', fileView(store, store.file(fileId))));
	});

	s.api('POST', '/files', FILES_WRITE, (req, token) => {
		const q = queryParams(req, createFileQuery);
		const body = jsonBody(req, createFileSchema);
		const owner = store.actingFor(body.onBehalfOf);
		const now = s.iso();
		const file: FileRecord = {
			id: store.nextId('file'),
			name: body.name,
			type: 'File',
			representationType: body.representationType,
			templateCategory: body.representationType === 'Tenant' || body.representationType === 'Landlord' ? 'Lease' : 'Residential',
			closingDate: null,
			acceptanceDate: null,
			status: 'pre-contract',
			mlsNumber: (body.mlsNumber ?? '').trim(),
			mlsMarketName: '',
			purchasePrice: null,
			property: toAddress(body.property),
			contacts: [],
			commissions: [],
			isDeleted: false,
			isArchived: false,
			accountGroups: [],
			regions: [],
			...stamp(s.ctx.now(), token.userId, owner),
		};
		store.files.set(file.id, file);
		if (!q.importMls) return ok({ fileId: file.id });
		// Creation imports with overwrite on (spec 4.3 rule 7).
		const mlsImport = runMlsImport(store, file, body.mlsNumber, {
			hasScope: token.scopes.includes(MLS_IMPORT_SCOPE),
			override: true,
			now,
			actor: token.userId,
			owner,
		});
		return ok({ fileId: file.id, mlsImport });
	});

	s.api('PATCH', '/files/:fileId', FILES_WRITE, (req, token) => {
		const fileId = parseId('fileId', req.params.fileId);
		const body = jsonBody(req, updateFileDetailsSchema);
		store.actingFor(body.onBehalfOf);
		const file = store.file(fileId);
		const data = body.fileData;
		const closing = data && 'closingDate' in data ? parseCalendarDate('fileData.closingDate', data.closingDate) : undefined;
		const acceptance =
			data && 'acceptanceDate' in data ? parseCalendarDate('fileData.acceptanceDate', data.acceptanceDate) : undefined;
		const before = JSON.stringify([file.name, file.purchasePrice, file.closingDate, file.acceptanceDate, file.property]);
		if (body.name !== undefined) file.name = body.name;
		if (data?.mlsNumber !== undefined) file.mlsNumber = (data.mlsNumber ?? '').trim();
		if (data?.purchasePrice !== undefined) file.purchasePrice = data.purchasePrice;
		if (closing !== undefined) file.closingDate = closing;
		if (acceptance !== undefined) file.acceptanceDate = acceptance;
		if (data?.premisesAddress) file.property = toAddress(data.premisesAddress, file.property);
		const after = JSON.stringify([file.name, file.purchasePrice, file.closingDate, file.acceptanceDate, file.property]);
		file.updatedOn = s.iso();
		file.updatedBy = token.userId;
		// The sandbox treats a change of the data printed on forms as changing addenda.
		return ok({ fileId, didAddendumsChange: before !== after && store.liveDocuments(fileId).length > 0 });
	});

	s.api('PUT', '/files/:fileId', FILES_WRITE, (req, token) => {
		const fileId = parseId('fileId', req.params.fileId);
		const body = jsonBody(req, updateFileSchema);
		const owner = store.actingFor(body.onBehalfOf);
		const file = store.file(fileId);
		const closing = parseCalendarDate('closingDateTime', body.closingDateTime);
		const acceptance = parseCalendarDate('acceptanceDateTime', body.acceptanceDateTime);
		const byId = new Map(file.contacts.map((c) => [c.id, c]));
		const unknown = body.contacts.filter((c) => c.id !== undefined && !byId.has(c.id)).map((c) => c.id);
		if (unknown.length) throw badRequest('Unknown contact ids', unknown.map((id) => `contacts: ${id} is not a contact of file ${fileId}`));
		const knownCommissions = new Map(file.commissions.map((c) => [c.id, c]));
		const now = s.iso();
		// Full replace: what is not sent is cleared.
		file.mlsNumber = (body.mlsNumber ?? '').trim();
		file.purchasePrice = body.purchasePrice ?? null;
		file.closingDate = closing;
		file.acceptanceDate = acceptance;
		file.property = toAddress(body.property);
		for (const c of file.contacts) store.contactsById.delete(c.id);
		file.contacts = body.contacts.map((input) => {
			const existing = input.id !== undefined ? byId.get(input.id) : undefined;
			const contact = buildContact(store, input, { fileId, actor: token.userId, owner, now, existing });
			if (body.onBehalfOf !== undefined) contact.ownedBy = owner;
			store.contactsById.set(contact.id, contact);
			return contact;
		});
		file.commissions = body.commissions.map((input): Commission => {
			const existing = input.id !== undefined ? knownCommissions.get(input.id) : undefined;
			return {
				id: existing?.id ?? store.nextId('commission'),
				type: input.type,
				calculationType: input.calculationType,
				amount: input.amount,
				createdBy: existing?.createdBy ?? token.userId,
				createdOn: existing?.createdOn ?? now,
				updatedBy: token.userId,
				updatedOn: now,
				ownedBy: body.onBehalfOf !== undefined || !existing ? owner : existing.ownedBy,
			};
		});
		file.updatedOn = now;
		file.updatedBy = token.userId;
		return ok({ fileId, commissions: file.commissions.map((c) => ({ ...c })), contacts: file.contacts.map(contactView) });
	});

	s.api('POST', '/files/:fileId/mls-import', FILES_WRITE, (req, token) => {
		const fileId = parseId('fileId', req.params.fileId);
		const body = jsonBody(req, importMlsSchema);
		const actingFor = store.actingFor(body.onBehalfOf);
		const file = store.anyFile(fileId);
		if (file.type !== 'File') throw badRequest('MLS import is not supported for templates', [`fileId: ${fileId} is a ${file.type}`]);
		const mlsImport = runMlsImport(store, file, body.mlsNumber, {
			hasScope: token.scopes.includes(MLS_IMPORT_SCOPE),
			override: body.shouldOverride ?? false,
			now: s.iso(),
			actor: token.userId,
			owner: body.onBehalfOf !== undefined ? actingFor : file.ownedBy,
		});
		return ok({ fileId, mlsImport });
	});

	s.api('POST', '/files/:fileId/templates', FILES_WRITE, (req, token) => {
		const fileId = parseId('fileId', req.params.fileId);
		const body = jsonBody(req, applyTemplateSchema);
		const owner = store.actingFor(body.onBehalfOf);
		const file = store.file(fileId);
		const template = store.files.get(body.templateId);
		if (!template || !store.canAccess(template)) throw notFound(`Template ${body.templateId} was not found`);
		if (template.type === 'File') {
			throw badRequest('templateId is not a template', [`templateId: ${body.templateId} is a file, not a template`]);
		}
		const at = s.ctx.now();
		for (const doc of store.liveDocuments(template.id)) {
			if (doc.formId === null) continue;
			const copy = documentFromForm(store, file.id, doc.formId, at, token.userId, body.onBehalfOf !== undefined ? owner : file.ownedBy);
			copy.values = { ...doc.values };
			store.addDocument(copy);
		}
		file.updatedOn = s.iso();
		file.updatedBy = token.userId;
		return ok({ fileId });
	});

	s.api('GET', '/templates', ['forms.templates.read'], (req) => {
		const q = queryParams(req, templatesQuery);
		const list = [...store.files.values()]
			.filter((f) => f.type === q.type && store.canAccess(f))
			.sort((a, b) => a.name.localeCompare(b.name));
		return ok({ totalRecords: list.length, files: list.map((f) => templateListItem(store, f)) });
	});
}
