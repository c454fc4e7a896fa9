import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { checkPathId, checkString, defineOperation, readRecord } from '../../../shared';
import { GROUP } from '../../helpers/kinds';
import { formsFullRequest } from '../../transport';

export default defineOperation({
	value: 'create',
	name: 'Create',
	action: 'Create group',
	toolDescription:
		'Use to create a brokerage group in SkySlope Forms (an existing brokerage ID returns its group). Returns the group and whether it was newly created.',
	description: 'Create a brokerage group (Add Group); an existing brokerage ID returns its group',
	properties: [
		{
			displayName: 'Brokerage Name',
			name: 'brokerageName',
			type: 'string',
			default: '',
			placeholder: 'e.g. Sample Realty',
		},
		{
			displayName: 'Brokerage ID',
			name: 'brokerageId',
			type: 'string',
			default: '',
			placeholder: 'e.g. sample-realty',
			description: 'The group ID to use. Empty: the service generates one starting with partnerApi_.',
		},
	],
	async execute(this: IExecuteFunctions, i: number) {
		const body: IDataObject = {};
		const name = checkString(this, 'Brokerage Name', this.getNodeParameter('brokerageName', i, ''), i, { required: false, maxLength: 500 }).trim();
		if (name) body.brokerageName = name;
		const rawId = this.getNodeParameter('brokerageId', i, '');
		if (rawId !== '' && rawId !== null && rawId !== undefined) body.brokerageId = checkPathId(this, 'Brokerage ID', rawId, i);
		const response = await formsFullRequest.call(this, { method: 'POST', path: '/group', body, itemIndex: i });
		const group = readRecord(this, response.body, { ...GROUP, operation: 'Create a group', itemIndex: i, status: response.statusCode });
		// 201: created; 200: a group with this brokerage ID already existed.
		return { ...group, created: response.statusCode === 201 };
	},
});
