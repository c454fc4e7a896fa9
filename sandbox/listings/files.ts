// What listings (4.6, 4.7) and sales (4.8) share: finding a file the user may see, saving a
// change, the answer of a write, and the sub-resources both have (update, agent, co-agents,
// checklist type, property, commissions, commission referral).
import type { Router, SandboxRequest, SandboxResponse } from '../core/router';
import { coAgentFields, commissionFields, commissionReferralFields, propertyFields } from './catalog';
import { agentFor, applyFileFields, checkCoAgents, fileLinks, listPage, setCoAgents, toProperty } from './common';
import { route, type Deps } from './deps';
import { field, type FieldDef, validate } from './fields';
import { guidParam, link, notFound, objectBody, ok, unprocessable } from './http';
import { iso } from './store';
import type { ChecklistType, Dto, ListingRecord, SaleRecord, User } from './types';

export type FileRecord = ListingRecord | SaleRecord;

export interface FileKind<R extends FileRecord> {
	noun: 'Listing' | 'Sale';
	/** `/api/files/listings` or `/api/files/sales`. */
	collection: string;
	param: 'listingGuid' | 'saleGuid';
	records: Map<string, R>;
	/** The create/update form of a checklist type. */
	fields(types: ChecklistType[], type: ChecklistType | undefined, mode: 'create' | 'update'): FieldDef[];
	/** The status a file in an open state deserves after a change (statuses it may move between). */
	status(rec: R, now: number): void;
	/** Form operation names of this kind, and the links a write answers with. */
	forms: { update: string; property: string; coAgents: string; addCommissions: string; updateCommissions?: string };
	links: string[];
	referral: { get(rec: R): Dto | null; set(rec: R, value: Dto): void };
}

export interface FileHelpers<R extends FileRecord> {
	base(guid: string): string;
	find(req: SandboxRequest, user: User): R;
	touch(rec: R): void;
	answer(req: SandboxRequest, rec: R, warnings: string[], extra?: Dto): SandboxResponse;
	typeOf(rec: R): ChecklistType | undefined;
	/** A GET of a form that only needs the file to exist and be visible. */
	simpleForm(name: string, fields: () => FieldDef[]): void;
}

export function registerFiles<R extends FileRecord>(router: Router, deps: Deps, kind: FileKind<R>): FileHelpers<R> {
	const { store, ctx } = deps;
	const pattern = `${kind.collection}/:${kind.param}`;
	const base = (guid: string) => `${kind.collection}/${guid}`;
	const forms = (fields: FieldDef[]) => ({ fields });
	const guidOf = (rec: R) => String((rec.dto as Dto)[kind.param]);

	const find = (req: SandboxRequest, user: User): R => {
		const guid = guidParam(req, kind.param);
		const rec = kind.records.get(guid);
		if (!rec || !store.canSee(user, rec.dto)) throw notFound(`${kind.noun} ${guid} not found`);
		return rec;
	};
	const touch = (rec: R) => {
		rec.dto.modifiedOn = iso(ctx.now());
		kind.status(rec, ctx.now());
	};
	const answer = (req: SandboxRequest, rec: R, warnings: string[], extra: Dto = {}) =>
		ok({ [kind.param]: guidOf(rec), ...extra }, fileLinks(req, base(guidOf(rec)), kind.links), warnings.length ? warnings : null);
	const typeOf = (rec: R) => store.checklistType(rec.checklistTypeId);
	const simpleForm = (name: string, fields: () => FieldDef[]) =>
		route(router, deps, 'GET', `${pattern}/${name}`, (req, user) => {
			find(req, user);
			return ok(forms(fields()));
		});

	// ---- list, update ---------------------------------------------------------------------------

	route(router, deps, 'GET', kind.collection, (req, user) => {
		const visible = [...kind.records.values()].map((r) => r.dto).filter((d) => store.canSee(user, d));
		const page = listPage(req, kind.collection, visible, kind.param === 'listingGuid' ? 'listings' : 'sales');
		return ok(page.value, page.links);
	});

	route(router, deps, 'GET', `${pattern}/${kind.forms.update}`, (req, user) => {
		const rec = find(req, user);
		return ok(forms(kind.fields([], typeOf(rec), 'update')), [link(req, 'update', 'PUT', base(guidOf(rec)))]);
	});

	route(router, deps, 'PUT', pattern, (req, user) => {
		const rec = find(req, user);
		const { data, warnings } = validate(kind.fields([], typeOf(rec), 'update'), objectBody(req), { partial: true });
		applyFileFields(rec.dto, data);
		touch(rec);
		return answer(req, rec, warnings);
	});

	// ---- people and checklist type --------------------------------------------------------------

	route(router, deps, 'PUT', `${pattern}/agent`, (req, user) => {
		const rec = find(req, user);
		const { data } = validate([field('agentGuid', 'Guid', { required: true })], objectBody(req));
		const agent = agentFor(store, String(data.agentGuid).toLowerCase(), 'agentGuid');
		if ((rec.dto.coAgentGuids as string[]).includes(agent.userGuid)) throw unprocessable([`agentGuid: already a co-agent of this ${kind.noun.toLowerCase()}`]);
		Object.assign(rec.dto, { agentGuid: agent.userGuid, agent: store.agentRef(agent.userGuid), email: agent.email });
		touch(rec);
		return answer(req, rec, []);
	});

	simpleForm(kind.forms.coAgents, coAgentFields);
	route(router, deps, 'PUT', `${pattern}/coAgents`, (req, user) => {
		const rec = find(req, user);
		const { data } = validate(coAgentFields(), objectBody(req));
		setCoAgents(store, rec.dto, checkCoAgents(store, rec.dto.agentGuid, data.coAgentGuids as string[]));
		touch(rec);
		return answer(req, rec, []);
	});

	route(router, deps, 'PUT', `${pattern}/checklistType`, (req, user) => {
		const rec = find(req, user);
		const types = store.checklistTypesOf(rec.dto.officeGuid, kind.noun);
		const { data } = validate(
			[field('checklistTypeId', 'Int32', { required: true, select: types.map((t) => ({ id: t.checklistTypeId, name: t.checklistTypeName })) })],
			objectBody(req),
		);
		const next = store.checklistType(data.checklistTypeId as number) as ChecklistType;
		if ((typeOf(rec)?.kind === 'commercialLease') !== (next.kind === 'commercialLease')) {
			throw unprocessable(['checklistTypeId: a Commercial Lease checklist type cannot be changed to a non-Commercial-Lease type, nor the reverse']);
		}
		rec.checklistTypeId = next.checklistTypeId;
		rec.dto.checklistType = next.checklistTypeName;
		touch(rec);
		return answer(req, rec, []);
	});

	// ---- property -------------------------------------------------------------------------------

	route(router, deps, 'GET', `${pattern}/${kind.forms.property}`, (req, user) => {
		const rec = find(req, user);
		return ok(forms(propertyFields(typeOf(rec)?.kind, true)), [link(req, 'update', 'PUT', `${base(guidOf(rec))}/property`)]);
	});
	route(router, deps, 'PUT', `${pattern}/property`, (req, user) => {
		const rec = find(req, user);
		const { data, warnings } = validate(propertyFields(typeOf(rec)?.kind, true), objectBody(req), { partial: rec.dto.property !== null });
		rec.dto.property = toProperty(data, rec.dto.property as Dto | null);
		touch(rec);
		return answer(req, rec, warnings);
	});

	// ---- commissions ----------------------------------------------------------------------------

	const noun = kind.noun.toLowerCase();
	simpleForm(kind.forms.addCommissions, () => commissionFields(true));
	if (kind.forms.updateCommissions) simpleForm(kind.forms.updateCommissions, () => commissionFields(false));
	route(router, deps, 'POST', `${pattern}/commissions`, (req, user) => {
		const rec = find(req, user);
		if (rec.dto.commission) throw unprocessable([`This ${noun} already has commissions: update them with PUT`]);
		const { data, warnings } = validate(commissionFields(true), objectBody(req));
		rec.dto.commission = { ...emptyCommission(), ...data };
		touch(rec);
		return answer(req, rec, warnings);
	});
	route(router, deps, 'PUT', `${pattern}/commissions`, (req, user) => {
		const rec = find(req, user);
		if (!rec.dto.commission) throw unprocessable([`This ${noun} has no commissions yet: add them with POST`]);
		const { data, warnings } = validate(commissionFields(false), objectBody(req), { partial: true });
		rec.dto.commission = { ...(rec.dto.commission as Dto), ...data };
		touch(rec);
		return answer(req, rec, warnings);
	});

	simpleForm('commissionReferralForm', () => commissionReferralFields(true));
	route(router, deps, 'POST', `${pattern}/commissionReferral`, (req, user) => {
		const rec = find(req, user);
		if (kind.referral.get(rec)) throw unprocessable([`This ${noun} already has a commission referral: update it with PATCH`]);
		const { data, warnings } = validate(commissionReferralFields(true), objectBody(req));
		kind.referral.set(rec, data);
		touch(rec);
		return answer(req, rec, warnings, { commissionReferral: data });
	});
	route(router, deps, 'PATCH', `${pattern}/commissionReferral`, (req, user) => {
		const rec = find(req, user);
		const current = kind.referral.get(rec);
		if (!current) throw notFound(`This ${noun} has no commission referral`);
		const { data, warnings } = validate(commissionReferralFields(true), objectBody(req), { partial: true });
		const next = { ...current, ...data };
		kind.referral.set(rec, next);
		touch(rec);
		return answer(req, rec, warnings, { commissionReferral: next });
	});

	return { base, find, touch, answer, typeOf, simpleForm };
}

function emptyCommission(): Dto {
	return {
		listingCommissionPercent: null,
		listingCommissionAmount: null,
		saleCommissionPercent: null,
		saleCommissionAmount: null,
		totalCommission: null,
		notes: null,
	};
}
