/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// 4.6 listings, 4.7 listing sub-resources, and the listing stage.
import type { Router, SandboxRequest } from '../core/router';
import {
	coAgentFields,
	commissionFields,
	commissionReferralFields,
	contactFields,
	customFieldsFields,
	DOCUMENT_STATUSES,
	documentFields,
	listingFields,
	nameOf,
	propertyFields,
	referringAgentFields,
	stageFields,
} from './catalog';
import {
	agentFor,
	applyFileFields,
	checkCoAgents,
	fileLinks,
	listPage,
	mergeCustomFields,
	setCoAgents,
	toContact,
	toProperty,
} from './common';
import { route, type Deps } from './deps';
import { field, type FieldDef, validate } from './fields';
import { guidParam, href, link, notFound, objectBody, ok, queryValue, unprocessable } from './http';
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
	const base = (guid: string) => `/api/files/listings/${guid}`;

	const find = (req: SandboxRequest, user: User): ListingRecord => {
		const guid = guidParam(req, 'listingGuid');
		const rec = store.listings.get(guid);
		if (!rec || !store.canSee(user, rec.dto)) throw notFound(`Listing ${guid} not found`);
		return rec;
	};

	/** Saves a change: modifiedOn, and the status an incomplete/active listing now deserves. */
	const touch = (rec: ListingRecord) => {
		const now = ctx.now();
		rec.dto.modifiedOn = iso(now);
		if (['incomplete', 'active', 'expired'].includes(rec.dto.status)) {
			const complete = rec.dto.commission && (rec.dto.sellers as Contact[]).length > 0;
			rec.dto.status = !complete ? 'incomplete' : Date.parse(String(rec.dto.expirationDate)) > now ? 'active' : 'expired';
		}
	};

	const answer = (req: SandboxRequest, rec: ListingRecord, warnings: string[], extra: Dto = {}) =>
		ok({ listingGuid: rec.dto.listingGuid, ...extra }, fileLinks(req, base(rec.dto.listingGuid), LISTING_FORMS), warnings.length ? warnings : null);

	const typeOf = (rec: ListingRecord) => store.checklistType(rec.checklistTypeId);

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
		const { data, warnings } = validate(listingFields(types, type, 'create'), body);
		if (!office || !type) throw unprocessable([`officeGuid: '${String(body.officeGuid)}' is not an office you can use`]);
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

	route(router, deps, 'GET', '/api/files/listings', (req, user) => {
		const visible = [...store.listings.values()].map((r) => r.dto).filter((d) => store.canSee(user, d));
		const page = listPage(req, '/api/files/listings', visible, 'listings');
		return ok(page.value, page.links);
	});

	route(router, deps, 'GET', '/api/files/listings/:listingGuid', (req, user) => {
		const rec = find(req, user);
		return ok({ listing: { ...rec.dto, documents: rec.documents } }, fileLinks(req, base(rec.dto.listingGuid), LISTING_FORMS));
	});

	route(router, deps, 'GET', '/api/files/listings/:listingGuid/updateListingForm', (req, user) => {
		const rec = find(req, user);
		return ok(forms(listingFields([], typeOf(rec), 'update')), [link(req, 'update', 'PUT', base(rec.dto.listingGuid))]);
	});

	route(router, deps, 'PUT', '/api/files/listings/:listingGuid', (req, user) => {
		const rec = find(req, user);
		const { data, warnings } = validate(listingFields([], typeOf(rec), 'update'), objectBody(req), { partial: true });
		applyFileFields(rec.dto, data);
		touch(rec);
		return answer(req, rec, warnings);
	});

	// ---- people -------------------------------------------------------------------------------

	route(router, deps, 'PUT', '/api/files/listings/:listingGuid/agent', (req, user) => {
		const rec = find(req, user);
		const { data } = validate([field('agentGuid', 'Guid', { required: true })], objectBody(req));
		const agent = agentFor(store, String(data.agentGuid).toLowerCase(), 'agentGuid');
		if ((rec.dto.coAgentGuids as string[]).includes(agent.userGuid)) throw unprocessable(['agentGuid: already a co-agent of this listing']);
		rec.dto.agentGuid = agent.userGuid;
		rec.dto.agent = store.agentRef(agent.userGuid);
		rec.dto.email = agent.email;
		touch(rec);
		return answer(req, rec, []);
	});

	route(router, deps, 'GET', '/api/files/listings/:listingGuid/updateListingCoAgentsForm', (req, user) => {
		find(req, user);
		return ok(forms(coAgentFields()));
	});

	route(router, deps, 'PUT', '/api/files/listings/:listingGuid/coAgents', (req, user) => {
		const rec = find(req, user);
		const { data } = validate(coAgentFields(), objectBody(req));
		setCoAgents(store, rec.dto, checkCoAgents(store, rec.dto.agentGuid, data.coAgentGuids as string[]));
		touch(rec);
		return answer(req, rec, []);
	});

	// ---- checklist type and office ------------------------------------------------------------

	route(router, deps, 'PUT', '/api/files/listings/:listingGuid/checklistType', (req, user) => {
		const rec = find(req, user);
		const types = store.checklistTypesOf(rec.dto.officeGuid, 'Listing');
		const { data } = validate(
			[field('checklistTypeId', 'Int32', { required: true, select: types.map((t) => ({ id: t.checklistTypeId, name: t.checklistTypeName })) })],
			objectBody(req),
		);
		const next = store.checklistType(data.checklistTypeId as number) as ChecklistType;
		const current = typeOf(rec);
		if ((current?.kind === 'commercialLease') !== (next.kind === 'commercialLease')) {
			throw unprocessable(['checklistTypeId: a Commercial Lease checklist type cannot be changed to a non-Commercial-Lease type, nor the reverse']);
		}
		rec.checklistTypeId = next.checklistTypeId;
		rec.dto.checklistType = next.checklistTypeName;
		touch(rec);
		return answer(req, rec, []);
	});

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

	// ---- property and custom fields -----------------------------------------------------------

	route(router, deps, 'GET', '/api/files/listings/:listingGuid/updateListingPropertyForm', (req, user) => {
		const rec = find(req, user);
		return ok(forms(propertyFields(typeOf(rec)?.kind, true)), [link(req, 'update', 'PUT', `${base(rec.dto.listingGuid)}/property`)]);
	});

	route(router, deps, 'PUT', '/api/files/listings/:listingGuid/property', (req, user) => {
		const rec = find(req, user);
		const partial = rec.dto.property !== null;
		const { data, warnings } = validate(propertyFields(typeOf(rec)?.kind, true), objectBody(req), { partial });
		rec.dto.property = toProperty(data, rec.dto.property as Dto | null);
		touch(rec);
		return answer(req, rec, warnings);
	});

	route(router, deps, 'PUT', '/api/files/listings/:listingGuid/customFields', (req, user) => {
		const rec = find(req, user);
		const body = objectBody(req);
		const { data } = validate(customFieldsFields(), 'customFields' in body ? body : { customFields: body });
		rec.dto.customFields = mergeCustomFields(rec.dto.customFields as Dto, data.customFields as Dto);
		touch(rec);
		return answer(req, rec, [], { customFields: rec.dto.customFields });
	});

	// ---- commissions --------------------------------------------------------------------------

	route(router, deps, 'GET', '/api/files/listings/:listingGuid/addCommissionsToListingForm', (req, user) => {
		find(req, user);
		return ok(forms(commissionFields(true)));
	});
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
	route(router, deps, 'POST', '/api/files/listings/:listingGuid/commissions', (req, user) => {
		const rec = find(req, user);
		if (rec.dto.commission) throw unprocessable(['This listing already has commissions: update them with PUT']);
		const { data, warnings } = validate(commissionFields(true), objectBody(req));
		rec.dto.commission = { ...nullCommission(), ...data };
		touch(rec);
		return answer(req, rec, warnings);
	});
	route(router, deps, 'PUT', '/api/files/listings/:listingGuid/commissions', (req, user) => {
		const rec = find(req, user);
		if (!rec.dto.commission) throw unprocessable(['This listing has no commissions yet: add them with POST']);
		const { data, warnings } = validate(commissionFields(false), objectBody(req), { partial: true });
		rec.dto.commission = { ...(rec.dto.commission as Dto), ...data };
		touch(rec);
		return answer(req, rec, warnings);
	});

	route(router, deps, 'GET', '/api/files/listings/:listingGuid/commissionReferralForm', (req, user) => {
		find(req, user);
		return ok(forms(commissionReferralFields(true)));
	});
	route(router, deps, 'POST', '/api/files/listings/:listingGuid/commissionReferral', (req, user) => {
		const rec = find(req, user);
		if (rec.commissionReferral) throw unprocessable(['This listing already has a commission referral: update it with PATCH']);
		const { data, warnings } = validate(commissionReferralFields(true), objectBody(req));
		rec.commissionReferral = data;
		touch(rec);
		return answer(req, rec, warnings, { commissionReferral: data });
	});
	route(router, deps, 'PATCH', '/api/files/listings/:listingGuid/commissionReferral', (req, user) => {
		const rec = find(req, user);
		if (!rec.commissionReferral) throw notFound('This listing has no commission referral');
		const { data, warnings } = validate(commissionReferralFields(true), objectBody(req), { partial: true });
		rec.commissionReferral = { ...rec.commissionReferral, ...data };
		touch(rec);
		return answer(req, rec, warnings, { commissionReferral: rec.commissionReferral });
	});

	// ---- contacts -----------------------------------------------------------------------------

	const contactForm = (path: string, role: string) =>
		route(router, deps, 'GET', `/api/files/listings/:listingGuid/${path}`, (req, user) => {
			find(req, user);
			return ok(forms(contactFields(role, true)));
		});
	contactForm('addSellerContactToListingForm', 'seller');
	contactForm('addHomeWarrantyContactToListingForm', 'homeWarranty');
	contactForm('addMiscellaneousContactToListingForm', 'miscellaneous');

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

	route(router, deps, 'GET', '/api/files/listings/:listingGuid/addReferringAgentToListingForm', (req, user) => {
		find(req, user);
		return ok(forms(referringAgentFields(true)));
	});
	route(router, deps, 'GET', '/api/files/listings/:listingGuid/updateListingReferringAgentForm', (req, user) => {
		find(req, user);
		return ok(forms(referringAgentFields(false)));
	});
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
		const { data, warnings } = validate(documentFields(), objectBody(req), { partial: true });
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

function nullCommission(): Dto {
	return {
		listingCommissionPercent: null,
		listingCommissionAmount: null,
		saleCommissionPercent: null,
		saleCommissionAmount: null,
		totalCommission: null,
		notes: null,
	};
}
