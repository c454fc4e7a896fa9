import { simpleRequest } from '../../helpers/formDriven';

export default simpleRequest({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many offices',
	description: 'List the offices the user can access',
	method: 'GET',
	properties: [],
	path: () => '/api/offices',
	list: 'offices',
});
