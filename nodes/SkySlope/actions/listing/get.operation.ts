import { listingLocator, listingPath } from '../common';
import { simpleRequest } from '../factories';
import { recordOf } from '../output';

export default simpleRequest({
	value: 'get',
	name: 'Get',
	action: 'Get a listing',
	description: 'Retrieve a listing with its documents',
	method: 'GET',
	properties: [listingLocator()],
	path: listingPath,
	output: recordOf('listing'),
});
