import type { IExecuteFunctions } from 'n8n-workflow';

import { defineOperation, p } from '../../../shared';
import { groupIdField, groupIdOf, userIdField, userIdOf } from '../../helpers/groups';
import { formsRequest } from '../../transport';

export default defineOperation({
	value: 'removeUser',
	name: 'Remove User',
	action: 'Remove a user from a group',
	description: 'Remove a user from a group (Remove User from Group)',
	properties: [groupIdField('The group to remove the user from'), userIdField('The user to remove from the group')],
	async execute(this: IExecuteFunctions, i: number) {
		const groupId = groupIdOf(this, i);
		const userId = userIdOf(this, i);
		await formsRequest.call(this, { method: 'DELETE', path: p`/users/${userId}/groups/${groupId}`, itemIndex: i });
		return { removed: true, userId, groupId };
	},
});
