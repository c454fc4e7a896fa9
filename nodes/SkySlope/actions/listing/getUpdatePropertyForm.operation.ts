import { listingLocator, listingPath } from '../common';
import { getForm } from '../factories';

export default getForm({
	value: 'getUpdatePropertyForm',
	name: 'Get Update Property Form',
	action: 'Get the listing property form',
	description: 'The fields of the property of a listing',
	properties: [listingLocator()],
	request: (r) => ({ path: `${listingPath(r)}/updateListingPropertyForm` }),
});
