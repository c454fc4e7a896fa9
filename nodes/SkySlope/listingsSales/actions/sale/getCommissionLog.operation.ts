import { saleLocator, salePath } from '../../helpers/fields';
import { simpleRequest } from '../../helpers/formDriven';
import { COMMISSION_LOG } from '../../helpers/kinds';
import { recordsOutput } from '../../helpers/reads';

export default simpleRequest({
	value: 'getCommissionLog',
	name: 'Get Commission Log',
	action: 'Get commission log of sale',
	toolDescription:
		'Use when the user asks about the commission log of a sale. Returns one record per commission log entry.',
	description: 'List the commission log entries of a sale, one item each',
	method: 'GET',
	properties: [saleLocator()],
	path: (r) => `${salePath(r)}/commissionLog`,
	output: recordsOutput(COMMISSION_LOG, 'Get the commission log of a sale'),
});
