import { withToolDescription } from '../../../shared/operation';
import type { IDataObject } from 'n8n-workflow';

import { checkEnum, optional, p } from '../../../shared';
import { guidOf, officeLocator } from '../../helpers/fields';
import { CHECKLIST_TYPE } from '../../helpers/kinds';
import { listRead } from '../../helpers/reads';

export default withToolDescription(
	listRead({
		value: 'getAll',
		name: 'Get Many',
		action: 'Get many checklist types',
		description:
			'List the checklist types of an office, or of the only office of a single-office brokerage when no office is picked',
		properties: [
			optional(officeLocator('The office; leave empty for a single-office brokerage')),
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
		],
		path: (r) => {
			const office = r.get('officeGuid');
			return office ? p`/api/offices/${guidOf(r, 'officeGuid')}/checklistTypes` : '/api/checklistTypes';
		},
		qs: (r): IDataObject => {
			const raw = r.get('transactionType');
			if (raw === undefined || raw === '') return {};
			return { transactionType: checkEnum(r.ctx, 'Transaction Type', raw, ['Listing', 'Sale'] as const, r.itemIndex) };
		},
		kind: CHECKLIST_TYPE,
	}),
	'Use to find the checklist types of an office (needed to create a listing or sale). Returns one record per checklist type: id, name, transaction type.',
);
