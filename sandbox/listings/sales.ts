// 4.8 sales: the creation flow, the list/get/update of public clients, and the sub-resources.
import type { Router } from '../core/router';
import { commissionBreakdownFields, commissionLogFields, commissionSplitFields, contactFields, saleFields } from './catalog';
import { agentFor, applyFileFields, checkCoAgents, fileLinks, setCoAgents, toContact } from './common';
import { route, type Deps } from './deps';
import { registerFiles } from './files';
import { validate } from './fields';
import { link, notFound, objectBody, ok, queryValue, unprocessable } from './http';
import { iso } from './store';
import { SALE_STATUS_IDS, type ChecklistType, type Contact, type Dto, type Office, type SaleRecord } from './types';

const SALE_FORMS = [
	'updateSaleForm',
	'updateSalePropertyForm',
	'updateSaleCoAgentsForm',
	'addCommissionsToSaleForm',
	'updateSaleCommissionsForm',
	'updateCommissionBreakdownsForm',
	'updateCommissionSplitForm',
	'commissionReferralForm',
	'addBuyerContactToSaleForm',
	'addSellerContactToSaleForm',
];

/** Contact kinds of a sale: the form name, the POST path, where the DTO keeps them. */
const SALE_CONTACTS: Array<{ role: string; form: string; path: string; slot: string; many: boolean }> = [
	{ role: 'attorney', form: 'addAttorneyContactToSaleForm', path: 'attorneyContact', slot: 'attorneyContact', many: true },
	{ role: 'buyer', form: 'addBuyerContactToSaleForm', path: 'buyerContact', slot: 'buyers', many: true },
	{ role: 'escrow', form: 'addEscrowContactToSaleForm', path: 'escrowContact', slot: 'escrowContact', many: false },
	{ role: 'homeWarranty', form: 'addHomeWarrantyContactToSaleForm', path: 'homeWarrantyContact', slot: 'homeWarrantyContact', many: false },
	{ role: 'lender', form: 'addLenderContactToSaleForm', path: 'lenderContact', slot: 'lenderContact', many: false },
	{ role: 'miscellaneous', form: 'addMiscellaneousContactToSaleForm', path: 'miscellaneousContact', slot: 'miscContact', many: false },
	{ role: 'otherSideAgent', form: 'addOtherSideAgentContactToSaleForm', path: 'otherSideAgentContact', slot: 'otherSideAgentContact', many: false },
	{ role: 'seller', form: 'addSellerContactToSaleForm', path: 'sellerContact', slot: 'sellers', many: true },
	{ role: 'title', form: 'addTitleContactToSaleForm', path: 'titleContact', slot: 'titleContact', many: false },
];

export function registerSales(router: Router, deps: Deps): void {
	const { store, ctx } = deps;
	const { base, find, touch, answer, simpleForm } = registerFiles<SaleRecord>(router, deps, {
		noun: 'Sale',
		collection: '/api/files/sales',
		param: 'saleGuid',
		records: store.sales,
		fields: saleFields,
		/** Incomplete until it has commissions and a buyer or seller; then pending until closing. */
		status: (rec, now) => {
			if (!['incomplete', 'pending', 'expired'].includes(rec.dto.status)) return;
			const people = (rec.dto.buyers as Contact[]).length + (rec.dto.sellers as Contact[]).length;
			const complete = rec.dto.commission && people > 0;
			rec.dto.status = !complete ? 'incomplete' : Date.parse(String(rec.dto.escrowClosingDate)) > now ? 'pending' : 'expired';
			rec.dto.statusId = SALE_STATUS_IDS[rec.dto.status];
		},
		forms: {
			update: 'updateSaleForm',
			property: 'updateSalePropertyForm',
			coAgents: 'updateSaleCoAgentsForm',
			addCommissions: 'addCommissionsToSaleForm',
			updateCommissions: 'updateSaleCommissionsForm',
		},
		links: SALE_FORMS,
		referral: {
			get: (rec) => rec.dto.commissionReferral as Dto | null,
			set: (rec, value) => {
				rec.dto.commissionReferral = value;
			},
		},
	});

	// ---- the sale itself ----------------------------------------------------------------------

	route(router, deps, 'GET', '/api/files/saleForm', (req, user) => {
		const visible = store.visibleOffices(user);
		const userGuid = queryValue(req, 'userGuid');
		const officeGuid = queryValue(req, 'officeGuid');
		let office: Office | undefined;
		if (officeGuid) office = visible.find((o) => o.officeGuid === officeGuid.toLowerCase());
		else if (userGuid) {
			const u = store.user(userGuid.toLowerCase());
			office = u && visible.find((o) => o.officeGuid === u.officeGuid);
		} else {
			const t = store.checklistType(Number(queryValue(req, 'checklistTypeId')));
			office = visible.find((o) => o.officeGuid === (t?.officeGuid ?? user.officeGuid)) ?? visible[0];
		}
		if (!office) throw notFound('No such office or user');
		const types = store.checklistTypesOf(office.officeGuid, 'Sale');
		const raw = queryValue(req, 'checklistTypeId');
		let type: ChecklistType | undefined;
		if (raw) {
			type = types.find((t) => String(t.checklistTypeId) === raw);
			if (!type) throw unprocessable([`checklistTypeId: '${raw}' is not a sale checklist type of this office`]);
		}
		return ok({ fields: saleFields(types, type, 'create'), officeGuid: office.officeGuid, checklistTypeId: type?.checklistTypeId ?? null }, [
			link(req, 'create', 'POST', '/api/files/sales'),
			link(req, 'subscribers', 'GET', '/api/subscribers'),
			link(req, 'offices', 'GET', '/api/offices'),
		]);
	});

	route(router, deps, 'POST', '/api/files/sales', (req, user) => {
		const body = objectBody(req);
		const office = store.visibleOffices(user).find((o) => o.officeGuid === String(body.officeGuid ?? '').toLowerCase());
		const types = office ? store.checklistTypesOf(office.officeGuid, 'Sale') : [];
		const type = types.find((t) => t.checklistTypeId === body.checklistTypeId);
		const errors = office ? [] : [`officeGuid: '${String(body.officeGuid)}' is not an office you can use`];
		const { data, warnings } = validate(saleFields(types, type, 'create'), body, { errors });
		if (!office || !type) throw unprocessable(errors);
		const agent = agentFor(store, String(data.agentGuid).toLowerCase(), 'agentGuid');
		const coAgents = checkCoAgents(store, agent.userGuid, (data.coAgentGuids as string[] | null) ?? []);
		let listing;
		if (typeof data.listingGuid === 'string') {
			listing = store.listings.get(data.listingGuid.toLowerCase());
			if (!listing || !store.canSee(user, listing.dto)) throw unprocessable([`listingGuid: listing '${data.listingGuid}' not found`]);
		}
		const rec = store.buildSale(store.rng, ctx.now(), 'incomplete', type, agent, listing);
		Object.assign(rec.dto, {
			createdByGuid: user.userGuid,
			escrowNumber: null,
			mlsNumber: listing ? listing.dto.mlsNumber : null,
			source: null,
			commission: null,
			actualClosingDate: null,
			sellers: [],
			buyers: [],
			titleContact: null,
			escrowContact: null,
			commercialLease: null,
			isOfficeLead: false,
			coBrokerCompany: null,
			stage: store.stage(4, ctx.now()),
			property: listing ? listing.dto.property : null,
		});
		setCoAgents(store, rec.dto, coAgents);
		applyFileFields(rec.dto, data);
		store.sales.set(rec.dto.saleGuid, rec);
		touch(rec);
		return answer(req, rec, warnings);
	});

	route(router, deps, 'GET', '/api/files/sales/:saleGuid', (req, user) => {
		const rec = find(req, user);
		return ok({ sale: rec.dto }, fileLinks(req, base(rec.dto.saleGuid), SALE_FORMS));
	});

	// ---- commissions --------------------------------------------------------------------------

	simpleForm('updateCommissionBreakdownsForm', commissionBreakdownFields);
	route(router, deps, 'PUT', '/api/files/sales/:saleGuid/commissionBreakdown', (req, user) => {
		const rec = find(req, user);
		const { data } = validate(commissionBreakdownFields(), objectBody(req));
		rec.dto.commissionBreakdowns = data.commissionBreakdowns;
		touch(rec);
		return answer(req, rec, [], { commissionBreakdowns: rec.dto.commissionBreakdowns });
	});

	simpleForm('updateCommissionSplitForm', commissionSplitFields);
	route(router, deps, 'PUT', '/api/files/sales/:saleGuid/commissionSplit', (req, user) => {
		const rec = find(req, user);
		const { data } = validate(commissionSplitFields(), objectBody(req));
		const splits = data.commissionSplits as Array<{ agentGuid: string; splitPercent: number }>;
		const allowed = [rec.dto.agentGuid, ...(rec.dto.coAgentGuids as string[])];
		const errors = splits
			.filter((s) => !allowed.includes(s.agentGuid.toLowerCase()))
			.map((s) => `commissionSplits.agentGuid: '${s.agentGuid}' is neither the primary agent nor a co-agent`);
		const total = splits.reduce((sum, s) => sum + s.splitPercent, 0);
		if (total > 100 || splits.some((s) => s.splitPercent < 0)) errors.push('commissionSplits.splitPercent: percents must be positive and add up to at most 100');
		if (errors.length) throw unprocessable(errors);
		rec.dto.commissionSplits = splits.map((s) => ({ agentGuid: s.agentGuid.toLowerCase(), splitPercent: s.splitPercent }));
		touch(rec);
		return answer(req, rec, [], { commissionSplits: rec.dto.commissionSplits });
	});

	route(router, deps, 'POST', '/api/files/sales/:saleGuid/commissionLog', (req, user) => {
		const rec = find(req, user);
		const { data, warnings } = validate(commissionLogFields(), objectBody(req));
		const entry = { commissionLogGuid: store.guid(), loggedOn: iso(ctx.now()), ...data, createdByGuid: user.userGuid };
		if (!entry.loggedOn) entry.loggedOn = iso(ctx.now());
		rec.commissionLog.push(entry);
		touch(rec);
		return answer(req, rec, warnings, { commissionLog: entry });
	});
	route(router, deps, 'GET', '/api/files/sales/:saleGuid/commissionLog', (req, user) => {
		const rec = find(req, user);
		return ok({ commissionLogs: rec.commissionLog }, [link(req, 'add', 'POST', `${base(rec.dto.saleGuid)}/commissionLog`)]);
	});

	route(router, deps, 'PATCH', '/api/files/sales/:saleGuid/earnestMoneyDeposit', (req, user) => {
		const rec = find(req, user);
		const deposit: Dto = { ...((rec.dto.earnestMoneyDeposit as Dto | null) ?? {}) };
		const errors: string[] = [];
		const spec: Array<[string, 'decimal' | 'date' | 'boolean']> = [
			['AdditionalDepositAmount', 'decimal'],
			['AdditionalDepositDueDate', 'date'],
			['DateOfCheck', 'date'],
			['DatePostedToLogBook', 'date'],
			['DepositAmount', 'decimal'],
			['DepositDueDate', 'date'],
			['IsEarnestMoneyHeld', 'boolean'],
		];
		for (const [name, kind] of spec) {
			const raw = queryValue(req, name);
			if (raw === undefined || raw === '') continue;
			const key = name[0].toLowerCase() + name.slice(1);
			if (kind === 'decimal' && /^-?\d+(\.\d+)?$/.test(raw)) deposit[key] = Number(raw);
			else if (kind === 'date' && /^\d{4}-\d{2}-\d{2}/.test(raw) && !Number.isNaN(Date.parse(raw))) deposit[key] = new Date(raw).toISOString();
			else if (kind === 'boolean' && /^(true|false)$/i.test(raw)) deposit[key] = raw.toLowerCase() === 'true';
			else errors.push(`${name}: '${raw}' is not a valid ${kind}`);
		}
		if (errors.length) throw unprocessable(errors);
		rec.dto.earnestMoneyDeposit = deposit;
		touch(rec);
		return answer(req, rec, [], { earnestMoneyDeposit: deposit });
	});

	// ---- contacts -----------------------------------------------------------------------------

	for (const kind of SALE_CONTACTS) {
		simpleForm(kind.form, () => contactFields(kind.role, true));
		// attorneyContact's body "is a string": a JSON string holding the form object (objects accepted too).
		route(router, deps, 'POST', `/api/files/sales/:saleGuid/${kind.path}`, (req, user) => {
			const rec = find(req, user);
			const { data, warnings } = validate(contactFields(kind.role, true), objectBody(req, { allowString: kind.role === 'attorney' }));
			const contact = toContact(store.guid(), data);
			if (kind.many) (rec.dto[kind.slot] as Contact[]).push(contact);
			else if (kind.role === 'miscellaneous') {
				rec.miscContacts.push(contact);
				rec.dto.miscContact = rec.miscContacts[0];
			} else {
				if (rec.dto[kind.slot]) throw unprocessable([`A sale has at most one ${kind.role} contact`]);
				rec.dto[kind.slot] = contact;
			}
			touch(rec);
			return answer(req, rec, warnings, { contactGuid: contact.contactGuid });
		});
	}
}
