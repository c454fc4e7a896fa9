import { listingLocator, listingPath } from '../common';
import { formDrivenWrite } from '../factories';

export default formDrivenWrite({
	value: 'update',
	name: 'Update',
	action: 'Update a listing',
	description: 'Change fields of a listing; the fields come from its update form',
	method: 'PUT',
	properties: [listingLocator()],
	dependsOn: ['listingGuid.value'],
	path: listingPath,
	form: { request: (r) => ({ path: `${listingPath(r)}/updateListingForm` }), partial: true },
});
