import { listingLocator, listingPath } from '../../helpers/fields';
import { getForm } from '../../helpers/formDriven';

export default getForm({
	value: 'getAddReferringAgentForm',
	name: 'Get Add Referring Agent Form',
	action: 'Get the listing add referring agent form',
	description: 'The fields a referring agent of a listing needs',
	properties: [listingLocator()],
	request: (r) => ({ path: `${listingPath(r)}/addReferringAgentToListingForm` }),
});
