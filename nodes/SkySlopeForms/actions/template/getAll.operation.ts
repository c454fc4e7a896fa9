import type { IExecuteFunctions } from 'n8n-workflow';

import { checkEnum, defineOperation } from '../../../shared';
import { formsRequest } from '../../transport';
import { limitField, returnAllField } from '../descriptions';
import { applyLimit, recordsOf, listLimit } from '../utils';

export default defineOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many templates',
	description: 'List personal or broker templates',
	properties: [
		{
			displayName: 'Type',
			name: 'templateType',
			type: 'options',
			options: [
				{ name: 'Broker', value: 'BrokerTemplate', description: 'Templates of your brokerage' },
				{ name: 'Personal', value: 'Template', description: 'Your own templates' },
			],
			default: 'Template',
		},
		returnAllField,
		limitField,
	],
	async execute(this: IExecuteFunctions, i: number) {
		const limit = listLimit(this, i);
		const type = checkEnum(this, 'Type', this.getNodeParameter('templateType', i), ['Template', 'BrokerTemplate'], i);
		const response = await formsRequest.call(this, { method: 'GET', path: '/templates', qs: { type }, itemIndex: i });
		return applyLimit(recordsOf(response, 'files'), limit);
	},
});
