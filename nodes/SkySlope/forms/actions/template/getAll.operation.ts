import type { IExecuteFunctions } from 'n8n-workflow';

import { checkEnum, defineOperation, returnAllAndLimit } from '../../../shared';
import { TEMPLATE } from '../../helpers/kinds';
import { wholeList } from '../../helpers/paging';

export default defineOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many templates',
	toolDescription:
		'Use to find a personal or broker template to apply to a Forms file. Returns one record per template with its id and name.',
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
		...returnAllAndLimit(),
	],
	async execute(this: IExecuteFunctions, i: number) {
		const type = checkEnum(this, 'Type', this.getNodeParameter('templateType', i), ['Template', 'BrokerTemplate'], i);
		return await wholeList(this, i, '/templates', { kind: TEMPLATE, operation: 'Get many templates' }, { qs: { type } });
	},
});
