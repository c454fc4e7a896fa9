import type { IExecuteFunctions } from 'n8n-workflow';

import { defineOperation } from '../../../shared';
import { formsRequest } from '../../transport';
import { limitField, returnAllField } from '../descriptions';
import { applyLimit, recordsOf, listLimit } from '../utils';

export default defineOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many collaborators',
	description: 'List your collaborators; those with isReceivingAccess can be used as On Behalf Of',
	properties: [
		returnAllField,
		limitField,
		{
			displayName: 'Only Those Who Share Access With Me',
			name: 'receivingOnly',
			type: 'boolean',
			default: false,
			description: 'Whether to return only collaborators with isReceivingAccess (the users you can act for)',
		},
	],
	async execute(this: IExecuteFunctions, i: number) {
		const limit = listLimit(this, i);
		const response = await formsRequest.call(this, { method: 'GET', path: '/collaborators', itemIndex: i });
		let records = recordsOf(response, 'collaborators');
		if (this.getNodeParameter('receivingOnly', i, false) === true) {
			records = records.filter((c) => c.isReceivingAccess === true);
		}
		return applyLimit(records, limit);
	},
});
