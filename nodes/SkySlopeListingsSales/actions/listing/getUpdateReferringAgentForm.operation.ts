import { listingLocator, listingPath } from '../../helpers/fields';
import { getForm } from '../../helpers/formDriven';

export default getForm({
	value: 'getUpdateReferringAgentForm',
	name: 'Get Update Referring Agent Form',
	action: 'Get the listing update referring agent form',
	description: 'The fields a referring agent update accepts',
	properties: [listingLocator()],
	request: (r) => ({ path: `${listingPath(r)}/updateListingReferringAgentForm` }),
});
