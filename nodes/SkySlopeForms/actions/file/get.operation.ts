import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { defineOperation, p } from '../../../shared';
import { formsRequest } from '../../transport';
import { fileLocator, simplifyField } from '../descriptions';
import { fileIdOf } from '../utils';

function addressLine(a: IDataObject | undefined): string {
	if (!a) return '';
	const street = [a.streetNumber, a.streetName].filter(Boolean).join(' ');
	const unit = a.unitNumber ? ` #${String(a.unitNumber)}` : '';
	const cityLine = [a.city, [a.state, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
	return [street + unit, cityLine].filter((s) => s.trim() !== '').join(', ');
}

/** The fields people use most: status, dates, price, address, and who is on the file. */
export function simplifyFile(file: IDataObject): IDataObject {
	const contacts = Array.isArray(file.contacts) ? (file.contacts as IDataObject[]) : [];
	return {
		id: file.id,
		name: file.name,
		type: file.type,
		representationType: file.representationType,
		status: (file.meta as IDataObject | undefined)?.status ?? null,
		mlsNumber: file.mlsNumber,
		purchasePrice: file.purchasePrice,
		closingDate: file.closingDateTime ?? null,
		acceptanceDate: file.acceptanceDateTime ?? null,
		address: addressLine(file.property as IDataObject | undefined),
		contacts: contacts.map((c) => ({
			id: c.id,
			type: c.type,
			name: [c.firstName, c.lastName].filter(Boolean).join(' '),
			email: c.email ?? null,
			actionAttribute: c.actionAttribute,
		})),
		documentIds: Array.isArray(file.documentData) ? file.documentData : [],
		isArchived: file.isArchived,
		updatedOn: file.updatedOn,
	};
}

export default defineOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a file',
	description: 'Get the details of a file: property, contacts, commissions, documents',
	// Items are independent and the service publishes no tight limit: five in flight hide network latency.
	concurrency: 5,
	properties: [fileLocator, simplifyField],
	async execute(this: IExecuteFunctions, i: number) {
		const fileId = fileIdOf(this, i);
		const simplify = this.getNodeParameter('simplify', i, true) as boolean;
		const file = await formsRequest.call(this, { method: 'GET', path: p`/files/${fileId}`, itemIndex: i });
		return simplify ? simplifyFile(file) : file;
	},
});
