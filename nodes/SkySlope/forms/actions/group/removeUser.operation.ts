import type { IExecuteFunctions } from 'n8n-workflow';

import { defineOperation } from '../../../shared';
import { changeMembership, groupIdField, userIdField } from '../../helpers/groups';

export default defineOperation({
	value: 'removeUser',
	name: 'Remove User',
	action: 'Remove user from group',
	toolDescription:
		'Use to remove a user from a SkySlope Forms group. Returns removed: true with the userId and groupId.',
	description: 'Remove a user from a group (Remove User from Group)',
	properties: [groupIdField('The group to remove the user from'), userIdField('The user to remove from the group')],
	async execute(this: IExecuteFunctions, i: number) {
		return { removed: true, ...(await changeMembership(this, i, 'DELETE')) };
	},
});
