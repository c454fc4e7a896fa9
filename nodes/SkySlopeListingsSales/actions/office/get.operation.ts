import { guidOf, officeLocator } from '../../helpers/fields';
import { recordUnder, simpleRequest } from '../../helpers/formDriven';
import { p } from '../../../shared';

export default simpleRequest({
	value: 'get',
	name: 'Get',
	action: 'Get an office',
	description: 'Retrieve an office',
	method: 'GET',
	properties: [officeLocator()],
	path: (r) => p`/api/offices/${guidOf(r, 'officeGuid')}`,
	output: recordUnder('office'),
});
