import type { IDataObject } from 'n8n-workflow';

import { checkMaxItems, optional, outputShaper, recordOutputFields, type Operation } from '../../shared';
import {
	agentLocator,
	checklistTypeField,
	guidOf,
	intOf,
	listingLocator,
	listingPath,
	officeLocator,
	saleLocator,
	salePath,
	type Reader,
} from './fields';
import { formDrivenWrite, simpleRequest, type FormDrivenWrite } from './formDriven';
import { kindOfFile, type FileKind } from './kinds';
import { byGuid, recordOutput } from './reads';
import { RECORD_FIELDS, simplifyFile } from './simplify';

/**
 * The operations listings and sales have alike (spec 4.6-4.8: the same shape under
 * /api/files/listings/{listingGuid} and /api/files/sales/{saleGuid}), written once.
 */

const Kind = (kind: FileKind) => (kind === 'listing' ? 'Listing' : 'Sale');
const locator = (kind: FileKind) => (kind === 'listing' ? listingLocator() : saleLocator());
const pathOf = (kind: FileKind) => (kind === 'listing' ? listingPath : salePath);

const officeAndType = (r: Reader) => ({
	officeGuid: guidOf(r, 'officeGuid'),
	checklistTypeId: intOf(r, 'checklistTypeId', 'Checklist Type', { min: 1 }),
});

/**
 * The query of the create form. The listing form takes officeGuid and checklistTypeId (spec 4.6);
 * the sale form takes userGuid and checklistTypeId (spec 4.8, step 1): the agent picked is that
 * user, and the office goes along for services that read it.
 */
function createFormQuery(kind: FileKind, r: Reader): IDataObject {
	const qs: IDataObject = officeAndType(r);
	if (kind === 'sale' && r.get('agentGuid')) qs.userGuid = guidOf(r, 'agentGuid');
	return qs;
}

/**
 * Create: the office, agent and checklist type are picked from lists (for a sale, the five-step
 * flow of spec 4.8 made one step), the create form gives the other fields.
 */
export function fileCreate(kind: FileKind): Operation {
	return formDrivenWrite({
		value: 'create',
		name: 'Create',
		action: `Create ${kind}`,
		description: `Create a ${kind} in an office, for an agent, with a checklist type; the other fields come from the ${kind} form`,
		method: 'POST',
		properties: [
			officeLocator(`The office the ${kind} belongs to`),
			checklistTypeField(Kind(kind)),
			agentLocator(`The primary agent of the ${kind}`),
		],
		dependsOn: ['officeGuid.value', 'checklistTypeId', 'agentGuid.value'],
		path: () => `/api/files/${kind}s`,
		form: {
			request: (r) => ({ path: `/api/files/${kind}Form`, qs: createFormQuery(kind, r) }),
			exclude: ['officeGuid', 'agentGuid', 'checklistTypeId'],
			// The listing form needs no agent; the sale form may differ by agent, who is optional here.
			properties: [
				officeLocator(),
				checklistTypeField(Kind(kind)),
				...(kind === 'sale' ? [optional(agentLocator('The agent the sale is for (the form can differ by user)'))] : []),
			],
		},
		extraBody: (r) => ({ ...officeAndType(r), agentGuid: guidOf(r, 'agentGuid') }),
		check(r, body) {
			if (Array.isArray(body.coAgentGuids)) checkMaxItems(this, 'Fields: coAgentGuids', body.coAgentGuids, 5, r.itemIndex);
		},
		keepLinks: true,
	});
}

export function fileUpdateAgent(kind: FileKind): Operation {
	return simpleRequest({
		value: 'updateAgent',
		name: 'Update Agent',
		action: `Set primary agent of ${kind}`,
		description: `Make another user of the brokerage the primary agent of the ${kind}`,
		method: 'PUT',
		properties: [locator(kind), agentLocator('The new primary agent')],
		path: (r) => `${pathOf(kind)(r)}/agent`,
		body: (r) => ({ agentGuid: guidOf(r, 'agentGuid') }),
	});
}

export function fileUpdateChecklistType(kind: FileKind): Operation {
	return simpleRequest({
		value: 'updateChecklistType',
		name: 'Update Checklist Type',
		action: `Change checklist type of ${kind}`,
		description: `Change the checklist type of a ${kind} (a Commercial Lease type cannot become another type, nor the reverse)`,
		method: 'PUT',
		properties: [locator(kind), checklistTypeField(Kind(kind))],
		path: (r) => `${pathOf(kind)(r)}/checklistType`,
		body: (r) => ({ checklistTypeId: intOf(r, 'checklistTypeId', 'Checklist Type', { min: 1 }) }),
	});
}

/** The co-agents form of each kind (spec 4.7 updateListingCoAgentsForm, 4.8 updateSaleCoAgentsForm). */
const coAgentsForm = (kind: FileKind) => `/update${Kind(kind)}CoAgentsForm`;

export function fileUpdateCoAgents(kind: FileKind): Operation {
	return subWrite(kind, {
		value: 'updateCoAgents',
		name: 'Update Co-Agents',
		action: `Set co-agents of ${kind}`,
		description: `Replace the co-agents of a ${kind} (zero to five)`,
		method: 'PUT',
		sub: '/coAgents',
		form: coAgentsForm(kind),
		check(r, body) {
			const list = Array.isArray(body.coAgentGuids) ? body.coAgentGuids : [];
			checkMaxItems(this, 'Fields: coAgentGuids', list, 5, r.itemIndex);
		},
	});
}

interface SubWrite {
	value: string;
	name: string;
	action: string;
	description: string;
	method: 'POST' | 'PUT' | 'PATCH';
	/** Below the file's path ('' for the file itself). */
	sub: string;
	/** The form, below the file's path. */
	form: string;
	partial?: boolean;
	check?: FormDrivenWrite['check'];
}

/** A form-driven write below a listing or sale: the form and the write share the file's path. */
function subWrite(kind: FileKind, spec: SubWrite): Operation {
	return formDrivenWrite({
		value: spec.value,
		name: spec.name,
		action: spec.action,
		description: spec.description,
		method: spec.method,
		properties: [locator(kind)],
		dependsOn: [`${kind}Guid.value`],
		path: (r) => `${pathOf(kind)(r)}${spec.sub}`,
		form: { request: (r) => ({ path: `${pathOf(kind)(r)}${spec.form}` }), partial: spec.partial },
		check: spec.check,
	});
}

/** A parameter the node may not have (Output and Fields exist only in the tool variant). */
function readOr(r: { get(name: string): unknown }, name: string, fallback: unknown): unknown {
	try {
		return r.get(name) ?? fallback;
	} catch {
		return fallback;
	}
}

export const fileGet = (kind: FileKind): Operation => {
	const shaper = (r: Reader) =>
		outputShaper(
			{ ctx: r.ctx, itemIndex: r.itemIndex, get: (name, fallback) => readOr(r, name, fallback) },
			{ what: kind, id: `${kind}Guid`, fields: RECORD_FIELDS[kind], simplify: (x) => simplifyFile(kind, x) },
		);
	return simpleRequest({
		value: 'get',
		name: 'Get',
		action: `Get ${kind}`,
		description: kind === 'listing' ? 'Retrieve a listing with its documents' : 'Retrieve a sale',
		method: 'GET',
		properties: [locator(kind), ...recordOutputFields({ what: kind, id: `${kind}Guid`, fields: RECORD_FIELDS[kind] })],
		path: pathOf(kind),
		// Output and Fields are checked before the request.
		check: (r) => void shaper(r),
		output: (value, item, r) => shaper(r)(recordOutput(kindOfFile(kind), `Get a ${kind}`, byGuid(`${kind}Guid`))(value, item, r) as IDataObject),
	});
};

export const fileUpdate = (kind: FileKind): Operation =>
	subWrite(kind, {
		value: 'update',
		name: 'Update',
		action: `Update ${kind}`,
		description: `Change fields of a ${kind}; the fields come from its update form`,
		method: 'PUT',
		sub: '',
		form: `/update${Kind(kind)}Form`,
		partial: true,
	});

export const fileUpdateProperty = (kind: FileKind): Operation =>
	subWrite(kind, {
		value: 'updateProperty',
		name: 'Update Property',
		action: `Update property of ${kind}`,
		description: `Set the property (address and details) of a ${kind}; the fields come from the property form`,
		method: 'PUT',
		sub: '/property',
		form: `/update${Kind(kind)}PropertyForm`,
		partial: true,
	});

export const fileAddCommissions = (kind: FileKind): Operation =>
	subWrite(kind, {
		value: 'addCommissions',
		name: 'Add Commissions',
		action: `Add commissions to ${kind}`,
		description: `Add the commissions of a ${kind}; the fields come from the add-commissions form`,
		method: 'POST',
		sub: '/commissions',
		form: `/addCommissionsTo${Kind(kind)}Form`,
	});

export const fileUpdateCommissions = (kind: FileKind): Operation =>
	subWrite(kind, {
		value: 'updateCommissions',
		name: 'Update Commissions',
		action: `Update commissions of ${kind}`,
		description: `Change the commissions of a ${kind}; the fields come from the update-commissions form`,
		method: 'PUT',
		sub: '/commissions',
		form: `/update${Kind(kind)}CommissionsForm`,
		partial: true,
	});

export const fileAddCommissionReferral = (kind: FileKind): Operation =>
	subWrite(kind, {
		value: 'addCommissionReferral',
		name: 'Add Commission Referral',
		action: `Add commission referral to ${kind}`,
		description: `Add the commission referral of a ${kind}; the fields come from the commission referral form`,
		method: 'POST',
		sub: '/commissionReferral',
		form: '/commissionReferralForm',
	});

export const fileUpdateCommissionReferral = (kind: FileKind): Operation =>
	subWrite(kind, {
		value: 'updateCommissionReferral',
		name: 'Update Commission Referral',
		action: `Update commission referral of ${kind}`,
		description: `Change fields of the commission referral of a ${kind}`,
		method: 'PATCH',
		sub: '/commissionReferral',
		form: '/commissionReferralForm',
		partial: true,
	});

