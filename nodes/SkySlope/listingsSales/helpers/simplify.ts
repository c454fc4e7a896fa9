import type { IDataObject } from 'n8n-workflow';

import { serviceDate } from '../../shared/dates';
import type { FileKind } from './kinds';

/**
 * The Simplify output of Get and Get Many for listings and sales: the fields people use most, flat
 * (a full record has 40+ fields, nested contacts and commissions). Every key is always present,
 * null when the record does not have it, so that the items of a list share one shape.
 */

const isObject = (value: unknown): value is IDataObject => !!value && typeof value === 'object' && !Array.isArray(value);

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');

const orNull = (value: unknown) => (value === undefined ? null : value);

/** `8386 Test Ct, Exampleville, CA 95616` (with the unit after the street). */
export function addressLine(property: unknown): string | null {
	if (!isObject(property)) return null;
	const street = [text(property.streetNumber), text(property.streetAddress ?? property.streetName)].filter(Boolean).join(' ');
	const unit = text(property.unit);
	const region = [text(property.state), text(property.zip)].filter(Boolean).join(' ');
	const line = [unit ? `${street} #${unit}` : street, text(property.city), region].filter(Boolean).join(', ');
	return line || null;
}

/** The primary agent's name: the record's `agent` is a list holding that one user. */
function agentName(record: IDataObject): string | null {
	const agent = Array.isArray(record.agent) ? record.agent.find(isObject) : isObject(record.agent) ? record.agent : undefined;
	if (!agent) return null;
	const name = [text(agent.firstName), text(agent.lastName)].filter(Boolean).join(' ');
	return name || text(agent.email) || null;
}

/** The contacts on the file: one per entry of a contact list, one per contact object. */
const CONTACT_FIELDS: Record<FileKind, string[]> = {
	listing: ['sellers', 'homeWarrantyContact', 'miscContact'],
	sale: [
		'sellers',
		'buyers',
		'titleContact',
		'escrowContact',
		'attorneyContact',
		'lenderContact',
		'otherSideAgentContact',
		'homeWarrantyContact',
		'miscContact',
	],
};

function contactCount(kind: FileKind, record: IDataObject): number {
	let count = 0;
	for (const key of CONTACT_FIELDS[kind]) {
		const value = record[key];
		if (Array.isArray(value)) count += value.filter(isObject).length;
		else if (isObject(value)) count += 1;
	}
	return count;
}

/** The number of documents, or null when the answer does not list them (lists and sales may not). */
const documentCount = (record: IDataObject): number | null => (Array.isArray(record.documents) ? record.documents.length : null);

const stageName = (record: IDataObject) => (isObject(record.stage) ? orNull(record.stage.stageName) : null);

function simplifyListing(record: IDataObject): IDataObject {
	return {
		listingGuid: orNull(record.listingGuid),
		mlsNumber: orNull(record.mlsNumber),
		fileId: orNull(record.fileId),
		status: orNull(record.status),
		stage: stageName(record),
		listingPrice: orNull(record.listingPrice),
		address: addressLine(record.property),
		listingDate: serviceDate(record.listingDate) ?? null,
		expirationDate: serviceDate(record.expirationDate) ?? null,
		modifiedOn: serviceDate(record.modifiedOn) ?? null,
		agent: agentName(record),
		agentGuid: orNull(record.agentGuid),
		officeGuid: orNull(record.officeGuid),
		contactCount: contactCount('listing', record),
		documentCount: documentCount(record),
		...(record.warnings !== undefined ? { warnings: record.warnings } : {}),
	};
}

function simplifySale(record: IDataObject): IDataObject {
	return {
		saleGuid: orNull(record.saleGuid),
		mlsNumber: orNull(record.mlsNumber),
		escrowNumber: orNull(record.escrowNumber),
		status: orNull(record.status),
		stage: stageName(record),
		salePrice: orNull(record.salePrice),
		address: addressLine(record.property),
		contractAcceptedDate: serviceDate(record.contractAcceptedDate) ?? null,
		escrowClosingDate: serviceDate(record.escrowClosingDate) ?? null,
		actualClosingDate: serviceDate(record.actualClosingDate) ?? null,
		agent: agentName(record),
		agentGuid: orNull(record.agentGuid),
		officeGuid: orNull(record.officeGuid),
		contactCount: contactCount('sale', record),
		documentCount: documentCount(record),
		...(record.warnings !== undefined ? { warnings: record.warnings } : {}),
	};
}

export const simplifyFile = (kind: FileKind, record: IDataObject): IDataObject =>
	kind === 'listing' ? simplifyListing(record) : simplifySale(record);

/** The fields of a listing and of a sale (spec 2.5): what Selected Fields offers an agent. */
export const RECORD_FIELDS: Record<FileKind, string[]> = {
	listing: [
		'listingGuid', 'agentGuid', 'createdByGuid', 'coListingAgentGuid', 'referringAgentGuid', 'mlsNumber', 'status', 'modifiedOn',
		'officeId', 'officeGuid', 'checklistType', 'type', 'listingDate', 'source', 'otherSource', 'fileId', 'commission',
		'expirationDate', 'company', 'listingPrice', 'email', 'property', 'commercialLease', 'sellers', 'homeWarrantyContact',
		'miscContact', 'stage', 'coAgentGuids', 'agent', 'coAgents', 'customFields', 'createdOn',
	],
	sale: [
		'saleGuid', 'listingGuid', 'agentGuid', 'createdByGuid', 'mlsNumber', 'escrowNumber', 'statusId', 'status', 'officeId',
		'officeGuid', 'checklistType', 'escrowClosingDate', 'actualClosingDate', 'contractAcceptedDate', 'modifiedOn', 'source',
		'otherSource', 'dealType', 'listingPrice', 'salePrice', 'isOfficeLead', 'coBrokerCompany', 'email', 'property', 'commission',
		'sellers', 'buyers', 'titleContact', 'escrowContact', 'attorneyContact', 'lenderContact', 'otherSideAgentContact',
		'homeWarrantyContact', 'miscContact', 'commercialLease', 'commissionBreakdowns', 'coAgentGuids', 'commissionSplits', 'stage',
		'commissionReferral', 'agent', 'coAgents', 'earnestMoneyDeposit', 'customFields', 'createdOn',
	],
};
