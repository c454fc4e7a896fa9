import { agentLocator, guidOf, saleLocator, salePath } from '../common';
import { simpleRequest } from '../factories';

export default simpleRequest({
	value: 'updateAgent',
	name: 'Update Agent',
	action: 'Set the primary agent of a sale',
	description: 'Make another user of the brokerage the primary agent of the sale',
	method: 'PUT',
	properties: [saleLocator(), agentLocator('The new primary agent')],
	path: (r) => `${salePath(r)}/agent`,
	body: (r) => ({ agentGuid: guidOf(r, 'agentGuid') }),
});
