import type { IExecuteFunctions } from 'n8n-workflow';

import { defineOperation, returnAllAndLimit } from '../../../shared';
import { COLLABORATOR } from '../../helpers/kinds';
import { wholeList } from '../../helpers/paging';

export default defineOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many collaborators',
	toolDescription:
		'Use to find collaborators, e.g. whose ID to act on behalf of. Returns one record per collaborator: id, name, isReceivingAccess, isSharingAccess.',
	description: 'List your collaborators; those with isReceivingAccess can be used as On Behalf Of',
	properties: [
		...returnAllAndLimit(),
		{
			displayName: 'Only Those Who Share Access With Me',
			name: 'receivingOnly',
			type: 'boolean',
			default: false,
			description: 'Whether to return only collaborators with isReceivingAccess (the users you can act for)',
		},
	],
	async execute(this: IExecuteFunctions, i: number) {
		const receivingOnly = this.getNodeParameter('receivingOnly', i, false) === true;
		return await wholeList(this, i, '/collaborators', { kind: COLLABORATOR, operation: 'Get many collaborators' }, {
			keep: receivingOnly ? (c) => c.isReceivingAccess === true : undefined,
		});
	},
});
