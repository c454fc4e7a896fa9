import { checkMaxItems } from '../../../shared';
import { listingLocator, listingPath } from '../common';
import { formDrivenWrite } from '../factories';

export default formDrivenWrite({
	value: 'updateCoAgents',
	name: 'Update Co-Agents',
	action: 'Set the co-agents of a listing',
	description: 'Replace the co-agents of a listing (zero to five)',
	method: 'PUT',
	properties: [listingLocator()],
	dependsOn: ['listingGuid.value'],
	path: (r) => `${listingPath(r)}/coAgents`,
	form: { request: (r) => ({ path: `${listingPath(r)}/updateListingCoAgentsForm` }) },
	check(r, body) {
		const list = Array.isArray(body.coAgentGuids) ? body.coAgentGuids : [];
		checkMaxItems(this, 'Fields: coAgentGuids', list, 5, r.itemIndex);
	},
});
