// 4.6 listings, 4.7 listing sub-resources, and the listing stage.
import type { Router, SandboxRequest } from '../core/router';
import {
	commissionFields,
	contactFields,
	customFieldsFields,
	DOCUMENT_STATUSES,
	documentFields,
	listingFields,
	nameOf,
	referringAgentFields,
	stageFields,
} from './catalog';
import {
	agentFor,
	applyFileFields,
	checkCoAgents,
	fileLinks,
	mergeCustomFields,
	setCoAgents,
	toContact,
} from './common';
import { route, type Deps } from './deps';
import { registerFiles } from './files';
import { field, type FieldDef, validate } from './fields';
import { errorResponse, guidParam, href, link, notFound, objectBody, ok, queryValue, unprocessable } from './http';
import { iso } from './store';
import type { ChecklistType, Contact, Dto, ListingRecord, Office, User } from './types';

const LISTING_FORMS = [
	'updateListingForm',
	'updateListingPropertyForm',
	'updateListingCoAgentsForm',
	'addCommissionsToListingForm',
	'updateListingCommissionsForm',
	'addSellerContactToListingForm',
	'addHomeWarrantyContactToListingForm',
	'addMiscellaneousContactToListingForm',
	'addReferringAgentToListingForm',
	'updateListingReferringAgentForm',
	'commissionReferralForm',
];

const forms = (fields: FieldDef[]) => ({ fields });

export function registerListings(router: Router, deps: Deps): void {
	const { store, ctx } = deps;
	const { base, find, touch, answer, typeOf, simpleForm } = registerFiles<ListingRecord>(router, deps, {
		noun: 'Listing',
		collection: '/api/files/listings',
		param: 'listingGuid',
		records: store.listings,
		fields: listingFields,
		/** Incomplete until it has commissions and a seller; then active until its expiration date. */
		status: (rec, now) => {
			if (!['incomplete', 'active', 'expired'].includes(rec.dto.status)) return;
			const complete = rec.dto.commission && (rec.dto.sellers as Contact[]).length > 0;
			rec.dto.status = !complete ? 'incomplete' : Date.parse(String(rec.dto.expirationDate)) > now ? 'active' : 'expired';
		},
		forms: {
			update: 'updateListingForm',
			property: 'updateListingPropertyForm',
			coAgents: 'updateListingCoAgentsForm',
			addCommissions: 'addCommissionsToListingForm',
		},
		links: LISTING_FORMS,
		referral: {
			get: (rec) => rec.commissionReferral,
			set: (rec, value) => {
				rec.commissionReferral = value;
			},
		},
	});

	/** Resolves the office of a form request: officeGuid, else the user's, else the caller's. */
	const formOffice = (req: SandboxRequest, user: User): Office => {
		const officeGuid = queryValue(req, 'officeGuid');
		const userGuid = queryValue(req, 'userGuid');
		const visible = store.visibleOffices(user);
		if (officeGuid) {
			const o = visible.find((x) => x.officeGuid === officeGuid.toLowerCase());
			if (!o) throw notFound(`Office ${officeGuid} not found`);
			return o;
		}
		if (userGuid) {
			const u = store.user(userGuid.toLowerCase());
			const o = u && visible.find((x) => x.officeGuid === u.officeGuid);
			if (!o) throw notFound(`User ${userGuid} not found`);
			return o;
		}
		const id = Number(queryValue(req, 'checklistTypeId'));
		const byType = store.checklistType(id);
		return visible.find((o) => o.officeGuid === byType?.officeGuid) ?? visible.find((o) => o.officeGuid === user.officeGuid) ?? visible[0];
	};

	const formType = (req: SandboxRequest, types: ChecklistType[]): ChecklistType | undefined => {
		const raw = queryValue(req, 'checklistTypeId');
		if (raw === undefined || raw === '') return undefined;
		const found = types.find((t) => String(t.checklistTypeId) === raw);
		if (!found) throw unprocessable([`checklistTypeId: '${raw}' is not a listing checklist type of this office`]);
		return found;
	};

	// ---- the listing itself ---------------------------------------------------------------------

	route(router, deps, 'GET', '/api/files/listingForm', (req, user) => {
		const office = formOffice(req, user);
		const types = store.checklistTypesOf(office.officeGuid, 'Listing');
		const type = formType(req, types);
		return ok({ fields: listingFields(types, type, 'create'), officeGuid: office.officeGuid, checklistTypeId: type?.checklistTypeId ?? null }, [
			link(req, 'create', 'POST', '/api/files/listings'),
		]);
	});

	route(router, deps, 'POST', '/api/files/listings', (req, user) => {
		const body = objectBody(req);
		const office = store.visibleOffices(user).find((o) => o.officeGuid === String(body.officeGuid ?? '').toLowerCase());
		const types = office ? store.checklistTypesOf(office.officeGuid, 'Listing') : [];
		const type = types.find((t) => t.checklistTypeId === body.checklistTypeId);
		const errors = office ? [] : [`officeGuid: '${String(body.officeGuid)}' is not an office you can use`];
		const { data, warnings } = validate(listingFields(types, type, 'create'), body, { errors });
		if (!office || !type) throw unprocessable(errors);
		const agent = agentFor(store, String(data.agentGuid).toLowerCase(), 'agentGuid');
		const coAgents = checkCoAgents(store, agent.userGuid, (data.coAgentGuids as string[] | null) ?? []);
		const rec = store.buildListing(store.rng, ctx.now(), 'incomplete', type, agent);
		Object.assign(rec.dto, {
			createdByGuid: user.userGuid,
			fileId: store.nextFileId('L'),
			mlsNumber: null,
			source: null,
			commission: null,
			sellers: [],
			commercialLease: null,
			stage: store.stage(1, ctx.now()),
			property: null,
		});
		rec.documents = [];
		setCoAgents(store, rec.dto, coAgents);
		applyFileFields(rec.dto, data);
		store.listings.set(rec.dto.listingGuid, rec);
		touch(rec);
		return answer(req, rec, warnings);
	});

	route(router, deps, 'GET', '/api/files/listings/:listingGuid', (req, user) => {
		const rec = find(req, user);
		return ok({ listing: { ...rec.dto, documents: rec.documents } }, fileLinks(req, base(rec.dto.listingGuid), LISTING_FORMS));
	});

	// ---- office ---------------------------------------------------------------------------------

	route(router, deps, 'PUT', '/api/files/listings/:listingGuid/office', (req, user) => {
		const rec = find(req, user);
		const { data } = validate([field('officeGuid', 'Guid', { required: true })], objectBody(req));
		if (!store.multiOffice) throw unprocessable(['Office assignment is only available to multi-office brokers']);
		const office = store.visibleOffices(user).find((o) => o.officeGuid === String(data.officeGuid).toLowerCase());
		if (!office) throw notFound(`Office ${String(data.officeGuid)} not found`);
		const kind = typeOf(rec)?.kind;
		const type = store.checklistTypesOf(office.officeGuid, 'Listing').find((t) => t.kind === kind) as ChecklistType;
		Object.assign(rec.dto, { officeGuid: office.officeGuid, officeId: office.officeId, checklistType: type.checklistTypeName });
		rec.checklistTypeId = type.checklistTypeId;
		touch(rec);
		return answer(req, rec, []);
	});

	// ---- custom fields -----------------------------------------------------------------------

	route(router, deps, 'PUT', '/api/files/listings/:listingGuid/customFields', (req, user) => {
		const rec = find(req, user);
		const body = objectBody(req);
		const { data } = validate(customFieldsFields(), 'customFields' in body ? body : { customFields: body });
		rec.dto.customFields = mergeCustomFields(rec.dto.customFields as Dto, data.customFields as Dto);
		touch(rec);
		return answer(req, rec, [], { customFields: rec.dto.customFields });
	});

	// ---- commissions --------------------------------------------------------------------------

	// Spec 9: the one deprecated resource. The unified add form now serves both POST and PUT.
	route(router, deps, 'GET', '/api/files/listings/:listingGuid/updateListingCommissionsForm', (req, user) => {
		const rec = find(req, user);
		const answer = ok(forms(commissionFields(false)));
		answer.headers = {
			Deprecation: 'version=2024-06-01',
			Link: `<${href(req, `${base(rec.dto.listingGuid)}/addCommissionsToListingForm`)}>; rel="successor-version"`,
		};
		return answer;
	});
	// ---- contacts -----------------------------------------------------------------------------

	simpleForm('addSellerContactToListingForm', () => contactFields('seller', true));
	simpleForm('addHomeWarrantyContactToListingForm', () => contactFields('homeWarranty', true));
	simpleForm('addMiscellaneousContactToListingForm', () => contactFields('miscellaneous', true));

	route(router, deps, 'POST', '/api/files/listings/:listingGuid/sellerContact', (req, user) => {
		const rec = find(req, user);
		const sellers = rec.dto.sellers as Contact[];
		if (sellers.length >= 5) throw unprocessable(['A listing has at most 5 seller contacts']);
		const { data, warnings } = validate(contactFields('seller', true), objectBody(req));
		const contact = toContact(store.guid(), data);
		sellers.push(contact);
		touch(rec);
		return answer(req, rec, warnings, { contactGuid: contact.contactGuid });
	});
	route(router, deps, 'POST', '/api/files/listings/:listingGuid/homeWarrantyContact', (req, user) => {
		const rec = find(req, user);
		if (rec.dto.homeWarrantyContact) throw unprocessable(['A listing has at most 1 home warranty contact']);
		const { data, warnings } = validate(contactFields('homeWarranty', true), objectBody(req));
		const contact = toContact(store.guid(), data);
		rec.dto.homeWarrantyContact = contact;
		touch(rec);
		return answer(req, rec, warnings, { contactGuid: contact.contactGuid });
	});
	route(router, deps, 'POST', '/api/files/listings/:listingGuid/miscellaneousContact', (req, user) => {
		const rec = find(req, user);
		const { data, warnings } = validate(contactFields('miscellaneous', true), objectBody(req));
		const contact = toContact(store.guid(), data);
		rec.miscContacts.push(contact);
		rec.dto.miscContact = rec.miscContacts[0];
		touch(rec);
		return answer(req, rec, warnings, { contactGuid: contact.contactGuid });
	});

	/** A contact of the listing and its role, or 404. */
	const contactOf = (rec: ListingRecord, guid: string): { contact: Contact; role: string } => {
		const sellers = rec.dto.sellers as Contact[];
		const s = sellers.find((c) => c.contactGuid === guid);
		if (s) return { contact: s, role: 'seller' };
		const hw = rec.dto.homeWarrantyContact as Contact | null;
		if (hw?.contactGuid === guid) return { contact: hw, role: 'homeWarranty' };
		const m = rec.miscContacts.find((c) => c.contactGuid === guid);
		if (m) return { contact: m, role: 'miscellaneous' };
		throw notFound(`Contact ${guid} not found on this listing`);
	};

	route(router, deps, 'GET', '/api/files/listings/:listingGuid/contacts/:contactGuid/updateListingContactForm', (req, user) => {
		const rec = find(req, user);
		const { role } = contactOf(rec, guidParam(req, 'contactGuid'));
		return ok({ ...forms(contactFields(role, true)), role }, [
			link(req, 'update', 'PUT', `${base(rec.dto.listingGuid)}/contact/${req.params.contactGuid}`),
		]);
	});

	// "body is a string": a JSON string whose text is the contact form object (an object is accepted too).
	route(router, deps, 'PUT', '/api/files/listings/:listingGuid/contact/:contactGuid', (req, user) => {
		const rec = find(req, user);
		const { contact, role } = contactOf(rec, guidParam(req, 'contactGuid'));
		const { data, warnings } = validate(contactFields(role, true), objectBody(req, { allowString: true }), { partial: true });
		for (const [k, v] of Object.entries(data)) if (v !== undefined) contact[k] = v;
		touch(rec);
		return answer(req, rec, warnings, { contactGuid: contact.contactGuid });
	});

	// ---- referring agent ----------------------------------------------------------------------

	simpleForm('addReferringAgentToListingForm', () => referringAgentFields(true));
	simpleForm('updateListingReferringAgentForm', () => referringAgentFields(false));
	route(router, deps, 'POST', '/api/files/listings/:listingGuid/referringagent', (req, user) => {
		const rec = find(req, user);
		if (rec.referringAgent) throw unprocessable(['A listing has at most 1 referring agent: update it with PUT']);
		const { data, warnings } = validate(referringAgentFields(true), objectBody(req));
		rec.referringAgent = { referringAgentGuid: store.guid(), ...data };
		rec.dto.referringAgentGuid = rec.referringAgent.referringAgentGuid;
		touch(rec);
		return answer(req, rec, warnings, { referringAgent: rec.referringAgent });
	});
	route(router, deps, 'GET', '/api/files/listings/:listingGuid/referringagent', (req, user) => {
		const rec = find(req, user);
		if (!rec.referringAgent) throw notFound('This listing has no referring agent');
		return ok({ referringAgent: rec.referringAgent }, [link(req, 'update', 'PUT', `${base(rec.dto.listingGuid)}/referringagent`)]);
	});
	route(router, deps, 'PUT', '/api/files/listings/:listingGuid/referringagent', (req, user) => {
		const rec = find(req, user);
		if (!rec.referringAgent) throw notFound('This listing has no referring agent: add one with POST');
		const { data, warnings } = validate(referringAgentFields(false), objectBody(req), { partial: true });
		rec.referringAgent = { ...rec.referringAgent, ...data };
		touch(rec);
		return answer(req, rec, warnings, { referringAgent: rec.referringAgent });
	});

	// ---- documents and stage ------------------------------------------------------------------

	route(router, deps, 'PATCH', '/api/files/listings/:listingGuid/documents/:documentGuid', (req, user) => {
		const rec = find(req, user);
		const guid = guidParam(req, 'documentGuid');
		const doc = rec.documents.find((d) => d.documentGuid === guid);
		if (!doc) throw notFound(`Document ${guid} not found on this listing`);
		// Live: the file name as a query parameter fails with 500 (the body's `FileName` works).
		if (ctx.live().documentQuery500 && [...req.query.keys()].some((k) => k.toLowerCase() === 'filename')) {
			return errorResponse(500, ['An error has occurred.']);
		}
		// ASP.NET binds JSON names ignoring case: a client of the live service sends `FileName`.
		const fields = documentFields();
		const body: Record<string, unknown> = {};
		for (const [key, value] of Object.entries(objectBody(req))) {
			body[fields.find((f) => f.fieldName.toLowerCase() === key.toLowerCase())?.fieldName ?? key] = value;
		}
		const { data, warnings } = validate(fields, body, { partial: true });
		if (typeof data.fileName === 'string') doc.fileName = data.fileName;
		if (data.documentStatusId !== undefined) doc.documentStatus = nameOf(DOCUMENT_STATUSES, data.documentStatusId);
		doc.modifiedOn = iso(ctx.now());
		touch(rec);
		return answer(req, rec, warnings, { document: doc });
	});

	route(router, deps, 'PATCH', '/api/listings/:listingGuid/stage', (req, user) => {
		const rec = find(req, user);
		// A StageDTO: stageId decides; stageName and modifiedOn are read-only and ignored if sent.
		const stage = { ...objectBody(req) };
		delete stage.stageName;
		delete stage.modifiedOn;
		const { data } = validate(stageFields(), stage);
		rec.dto.stage = store.stage(data.stageId as number, ctx.now());
		touch(rec);
		return answer(req, rec, [], { stage: rec.dto.stage });
	});
}
