import type { IDataObject } from 'n8n-workflow';

import { p } from '../../../shared';
import { guidOf, limitField, officeLocator, returnAllField } from '../common';
import { simpleRequest } from '../factories';
import { recordsOf } from '../output';

export default simpleRequest({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many checklist types',
	description:
		'List the checklist types of an office, or of the only office of a single-office brokerage when no office is picked',
	method: 'GET',
	properties: [
		{
			...officeLocator('The office; leave empty for a single-office brokerage'),
			required: false,
		},
		{
			displayName: 'Transaction Type',
			name: 'transactionType',
			type: 'options',
			default: '',
			options: [
				{ name: 'Any', value: '' },
				{ name: 'Listing', value: 'Listing' },
				{ name: 'Sale', value: 'Sale' },
			],
			description: 'Only checklist types for listings, or for sales',
		},
		returnAllField(),
		limitField(),
	],
	path: (r) => {
		const office = r.get('officeGuid');
		return office ? p`/api/offices/${guidOf(r, 'officeGuid')}/checklistTypes` : '/api/checklistTypes';
	},
	qs: (r): IDataObject => (r.get('transactionType') ? { transactionType: r.get('transactionType') as string } : {}),
	output: (value, _item, r) => {
		const all = recordsOf('checklistTypes')(value);
		return r.get('returnAll') ? all : all.slice(0, r.get('limit') as number);
	},
});
