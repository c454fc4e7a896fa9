import type { IExecuteFunctions } from 'n8n-workflow';

import { defineOperation } from '../../../shared';
import { formsRequest } from '../../transport';

export default defineOperation({
	value: 'getProfile',
	name: 'Get Profile',
	action: 'Get my profile',
	description: 'Get the profile of the user the credential acts as',
	properties: [],
	async execute(this: IExecuteFunctions, i: number) {
		return await formsRequest.call(this, { method: 'GET', path: '/users/profile', itemIndex: i });
	},
});
