import type { IExecuteFunctions } from 'n8n-workflow';

import { defineOperation } from '../../../shared';
import { PROFILE } from '../../helpers/kinds';
import { oneRecord } from '../../helpers/paging';

export default defineOperation({
	value: 'getProfile',
	name: 'Get Profile',
	action: 'Get my profile',
	toolDescription:
		'Use to learn who the SkySlope Forms credential acts as. Returns that user\'s profile (id, name, email).',
	description: 'Get the profile of the user the credential acts as',
	properties: [],
	async execute(this: IExecuteFunctions, i: number) {
		return await oneRecord(this, '/users/profile', { kind: PROFILE, operation: 'Get my profile' }, { itemIndex: i });
	},
});
