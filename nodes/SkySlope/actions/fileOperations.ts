import type { IDataObject } from 'n8n-workflow';

import { checkMaxItems, type Operation } from '../../shared';
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
} from './common';
import { formDrivenWrite, getForm, simpleRequest } from './factories';

/**
 * The operations listings and sales have alike (spec 4.6-4.8: the same shape under
 * /api/files/listings/{listingGuid} and /api/files/sales/{saleGuid}), written once.
 */
export type FileKind = 'listing' | 'sale';

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
		action: `Create a ${kind}`,
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
		},
		extraBody: (r) => ({ ...officeAndType(r), agentGuid: guidOf(r, 'agentGuid') }),
		check(r, body) {
			if (Array.isArray(body.coAgentGuids)) checkMaxItems(this, 'Fields: coAgentGuids', body.coAgentGuids, 5, r.itemIndex);
		},
		keepLinks: true,
	});
}

export function fileCreateForm(kind: FileKind): Operation {
	return getForm({
		value: 'getCreateForm',
		name: 'Get Create Form',
		action: `Get the ${kind} create form`,
		description: `The fields a new ${kind} needs in an office and checklist type, with required flags and allowed values`,
		properties: [
			officeLocator(),
			checklistTypeField(Kind(kind)),
			...(kind === 'sale' ? [{ ...agentLocator('The agent the sale is for (the form can differ by user)'), required: false }] : []),
		],
		request: (r) => ({ path: `/api/files/${kind}Form`, qs: createFormQuery(kind, r) }),
	});
}

export function fileUpdateAgent(kind: FileKind): Operation {
	return simpleRequest({
		value: 'updateAgent',
		name: 'Update Agent',
		action: `Set the primary agent of a ${kind}`,
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
		action: `Change the checklist type of a ${kind}`,
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
	return formDrivenWrite({
		value: 'updateCoAgents',
		name: 'Update Co-Agents',
		action: `Set the co-agents of a ${kind}`,
		description: `Replace the co-agents of a ${kind} (zero to five)`,
		method: 'PUT',
		properties: [locator(kind)],
		dependsOn: [`${kind}Guid.value`],
		path: (r) => `${pathOf(kind)(r)}/coAgents`,
		form: { request: (r) => ({ path: `${pathOf(kind)(r)}${coAgentsForm(kind)}` }) },
		check(r, body) {
			const list = Array.isArray(body.coAgentGuids) ? body.coAgentGuids : [];
			checkMaxItems(this, 'Fields: coAgentGuids', list, 5, r.itemIndex);
		},
	});
}

export function fileCoAgentsForm(kind: FileKind): Operation {
	return getForm({
		value: 'getCoAgentsForm',
		name: 'Get Co-Agents Form',
		action: `Get the ${kind} co-agents form`,
		description: 'The fields the co-agents update accepts',
		properties: [locator(kind)],
		request: (r) => ({ path: `${pathOf(kind)(r)}${coAgentsForm(kind)}` }),
	});
}
