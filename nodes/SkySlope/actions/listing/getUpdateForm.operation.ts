import { listingLocator, listingPath } from '../common';
import { getForm } from '../factories';

export default getForm({
	value: 'getUpdateForm',
	name: 'Get Update Form',
	action: 'Get the listing update form',
	description: 'The fields a listing update accepts',
	properties: [listingLocator()],
	request: (r) => ({ path: `${listingPath(r)}/updateListingForm` }),
});
