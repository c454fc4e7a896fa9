import { listingLocator, listingPath } from '../../helpers/fields';
import { recordUnder, simpleRequest } from '../../helpers/formDriven';

export default simpleRequest({
	value: 'getReferringAgent',
	name: 'Get Referring Agent',
	action: 'Get the referring agent of a listing',
	description: 'Retrieve the referring agent of a listing',
	method: 'GET',
	properties: [listingLocator()],
	path: (r) => `${listingPath(r)}/referringagent`,
	output: recordUnder('referringAgent'),
});
