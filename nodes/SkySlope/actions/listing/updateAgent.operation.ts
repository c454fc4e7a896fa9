import { agentLocator, guidOf, listingLocator, listingPath } from '../common';
import { simpleRequest } from '../factories';

export default simpleRequest({
	value: 'updateAgent',
	name: 'Update Agent',
	action: 'Set the primary agent of a listing',
	description: 'Make another user of the brokerage the primary agent of the listing',
	method: 'PUT',
	properties: [listingLocator(), agentLocator('The new primary agent')],
	path: (r) => `${listingPath(r)}/agent`,
	body: (r) => ({ agentGuid: guidOf(r, 'agentGuid') }),
});
