import { limitField, limitOf, returnAllField, upToLimit } from '../../helpers/fields';
import { simpleRequest } from '../../helpers/formDriven';
import { recordsOf } from '../../helpers/output';

export default simpleRequest({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many offices',
	description: 'List the offices the user can access',
	method: 'GET',
	properties: [returnAllField(), limitField()],
	path: () => '/api/offices',
	check: (r) => void limitOf(r),
	output: (value, _item, r) => upToLimit(recordsOf('offices')(value), r),
});
