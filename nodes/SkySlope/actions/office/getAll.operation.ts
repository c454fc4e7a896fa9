import { limitField, returnAllField } from '../common';
import { simpleRequest } from '../factories';
import { recordsOf } from '../output';

export default simpleRequest({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many offices',
	description: 'List the offices the user can access',
	method: 'GET',
	properties: [returnAllField(), limitField()],
	path: () => '/api/offices',
	output: (value, _item, r) => {
		const all = recordsOf('offices')(value);
		return r.get('returnAll') ? all : all.slice(0, r.get('limit') as number);
	},
});
