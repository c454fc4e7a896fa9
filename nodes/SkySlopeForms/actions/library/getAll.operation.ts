import type { IExecuteFunctions } from 'n8n-workflow';

import { defineOperation } from '../../../shared';
import { formsRequest } from '../../transport';
import { limitField, returnAllField } from '../descriptions';
import { applyLimit, recordsOf, listLimit } from '../utils';

export default defineOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many libraries',
	description: 'List the form libraries you can use',
	properties: [returnAllField, limitField],
	async execute(this: IExecuteFunctions, i: number) {
		const limit = listLimit(this, i);
		const response = await formsRequest.call(this, { method: 'GET', path: '/libraries', itemIndex: i });
		return applyLimit(recordsOf(response, 'libraries'), limit);
	},
});
