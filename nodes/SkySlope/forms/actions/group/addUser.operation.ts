import type { IExecuteFunctions } from 'n8n-workflow';

import { defineOperation } from '../../../shared';
import { changeMembership, groupIdField, userIdField } from '../../helpers/groups';

export default defineOperation({
	value: 'addUser',
	name: 'Add User',
	action: 'Add user to group',
	toolDescription:
		'Use to add a user to a SkySlope Forms group. Returns added: true with the userId and groupId.',
	description: 'Add a user to a group (Add Group to User)',
	properties: [groupIdField('The group to add the user to'), userIdField('The user to add to the group')],
	async execute(this: IExecuteFunctions, i: number) {
		return { added: true, ...(await changeMembership(this, i, 'POST')) };
	},
});
