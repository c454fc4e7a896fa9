import { guidOf, officeLocator } from '../../helpers/fields';
import { simpleRequest } from '../../helpers/formDriven';
import { OFFICE } from '../../helpers/kinds';
import { byGuid, recordOutput } from '../../helpers/reads';
import { p } from '../../../shared';

export default simpleRequest({
	value: 'get',
	name: 'Get',
	action: 'Get office',
	toolDescription:
		'Use when you have an office GUID and need that office. Returns the office: name, address, phone.',
	description: 'Retrieve an office',
	method: 'GET',
	properties: [officeLocator()],
	path: (r) => p`/api/offices/${guidOf(r, 'officeGuid')}`,
	output: recordOutput(OFFICE, 'Get an office', byGuid('officeGuid')),
});
