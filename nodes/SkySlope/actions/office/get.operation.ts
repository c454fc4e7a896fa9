import { guidOf, officeLocator } from '../common';
import { simpleRequest } from '../factories';
import { recordOf } from '../output';
import { p } from '../../../shared';

export default simpleRequest({
	value: 'get',
	name: 'Get',
	action: 'Get an office',
	description: 'Retrieve an office',
	method: 'GET',
	properties: [officeLocator()],
	path: (r) => p`/api/offices/${guidOf(r, 'officeGuid')}`,
	output: recordOf('office'),
});
