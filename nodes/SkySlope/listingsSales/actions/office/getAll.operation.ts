import { withToolDescription } from '../../../shared/operation';
import { OFFICE } from '../../helpers/kinds';
import { listRead } from '../../helpers/reads';

export default withToolDescription(
	listRead({
		value: 'getAll',
		name: 'Get Many',
		action: 'Get many offices',
		description: 'List the offices the user can access',
		properties: [],
		path: () => '/api/offices',
		kind: OFFICE,
	}),
	'Use to find the offices of the brokerage and their GUIDs. Returns one record per office: officeGuid, name, address, phone.',
);
