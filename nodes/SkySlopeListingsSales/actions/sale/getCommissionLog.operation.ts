import { saleLocator, salePath } from '../../helpers/fields';
import { recordsIn, simpleRequest } from '../../helpers/formDriven';

export default simpleRequest({
	value: 'getCommissionLog',
	name: 'Get Commission Log',
	action: 'Get the commission log of a sale',
	description: 'List the commission log entries of a sale, one item each',
	method: 'GET',
	properties: [saleLocator()],
	path: (r) => `${salePath(r)}/commissionLog`,
	output: recordsIn('commissionLogs'),
});
