import { saleLocator, salePath } from '../common';
import { simpleRequest } from '../factories';
import { recordOf } from '../output';

export default simpleRequest({
	value: 'get',
	name: 'Get',
	action: 'Get a sale',
	description: 'Retrieve a sale',
	method: 'GET',
	properties: [saleLocator()],
	path: salePath,
	output: recordOf('sale'),
});
