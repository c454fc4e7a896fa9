import { OFFICE } from '../../helpers/kinds';
import { listRead } from '../../helpers/reads';

export default listRead({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many offices',
	description: 'List the offices the user can access',
	properties: [],
	path: () => '/api/offices',
	kind: OFFICE,
});
