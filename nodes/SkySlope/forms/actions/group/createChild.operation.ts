import type { IExecuteFunctions } from 'n8n-workflow';

import { checkString, defineOperation, p, readRecord } from '../../../shared';
import { groupIdField, groupIdOf } from '../../helpers/groups';
import { CHILD_GROUP } from '../../helpers/kinds';
import { formsFullRequest } from '../../transport';

export default defineOperation({
	value: 'createChild',
	name: 'Create Child Group',
	action: 'Create child group',
	toolDescription:
		'Use to create a group below a parent group (an existing name returns its group). Returns the group and whether it was newly created.',
	description: 'Create a group below a parent group (Add Child Group); an existing name returns its group',
	properties: [
		groupIdField('The ID of the parent group'),
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. Downtown Office',
			description: 'The name of the child group',
		},
	],
	async execute(this: IExecuteFunctions, i: number) {
		const groupId = groupIdOf(this, i);
		const name = checkString(this, 'Name', this.getNodeParameter('name', i, ''), i, { maxLength: 500 }).trim();
		const response = await formsFullRequest.call(this, {
			method: 'POST',
			path: p`/groups/${groupId}/child`,
			body: { name },
			itemIndex: i,
		});
		const child = readRecord(this, response.body, {
			...CHILD_GROUP,
			operation: 'Create a child group',
			itemIndex: i,
			status: response.statusCode,
		});
		// 201: created; 200: the parent already had a child of this name.
		return { ...child, parentGroupId: groupId, created: response.statusCode === 201 };
	},
});
