import type { IExecuteFunctions } from 'n8n-workflow';

import { defineOperation, returnAllAndLimit } from '../../../shared';
import { LIBRARY } from '../../helpers/kinds';
import { wholeList } from '../../helpers/paging';

export default defineOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many libraries',
	toolDescription:
		'Use to find the form libraries the user can use, e.g. to narrow a forms search. Returns one record per library with its id and name.',
	description: 'List the form libraries you can use',
	properties: returnAllAndLimit(),
	async execute(this: IExecuteFunctions, i: number) {
		return await wholeList(this, i, '/libraries', { kind: LIBRARY, operation: 'Get many libraries' });
	},
});
