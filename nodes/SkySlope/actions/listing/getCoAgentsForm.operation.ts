import { listingLocator, listingPath } from '../common';
import { getForm } from '../factories';

export default getForm({
	value: 'getCoAgentsForm',
	name: 'Get Co-Agents Form',
	action: 'Get the listing co-agents form',
	description: 'The fields the co-agents update accepts',
	properties: [listingLocator()],
	request: (r) => ({ path: `${listingPath(r)}/updateListingCoAgentsForm` }),
});
