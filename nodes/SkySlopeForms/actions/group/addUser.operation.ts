import type { IExecuteFunctions } from 'n8n-workflow';

import { defineOperation, p } from '../../../shared';
import { groupIdField, groupIdOf, userIdField, userIdOf } from '../../helpers/groups';
import { formsRequest } from '../../transport';

export default defineOperation({
	value: 'addUser',
	name: 'Add User',
	action: 'Add a user to a group',
	description: 'Add a user to a group (Add Group to User)',
	properties: [groupIdField('The group to add the user to'), userIdField('The user to add to the group')],
	async execute(this: IExecuteFunctions, i: number) {
		const groupId = groupIdOf(this, i);
		const userId = userIdOf(this, i);
		await formsRequest.call(this, { method: 'POST', path: p`/users/${userId}/groups/${groupId}`, itemIndex: i });
		return { added: true, userId, groupId };
	},
});
