import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { checkString, defineOperation, returnAllAndLimit } from '../../../shared';
import { BUYER_AGREEMENT } from '../../helpers/kinds';
import { wholeList } from '../../helpers/paging';

export default defineOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many buyer agreements in your market',
	toolDescription:
		'Use when the user asks about buyer agreement files in their market. Returns one record per buyer agreement file.',
	description: 'List the buyer agreement files of your market (Get Buyer Agreements by Market)',
	properties: [
		...returnAllAndLimit(),
		{
			displayName: 'Custom Filter',
			name: 'filters',
			type: 'string',
			default: '',
			placeholder: 'e.g. isCarBRBC==true',
			description:
				'A Sieve filter: terms joined by commas, such as <code>isCarBRBC==true,expirationDate>=2025-01-01</code>. Empty: all.',
		},
	],
	async execute(this: IExecuteFunctions, i: number) {
		const filters = checkString(this, 'Custom Filter', this.getNodeParameter('filters', i, ''), i, { required: false, maxLength: 2000 }).trim();
		const qs: IDataObject = filters ? { filters } : {};
		return await wholeList(this, i, '/buyer-agreements/market', { kind: BUYER_AGREEMENT, operation: 'Get many buyer agreements' }, { qs });
	},
});
