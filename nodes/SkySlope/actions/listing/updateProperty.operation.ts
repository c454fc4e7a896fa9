import { listingLocator, listingPath } from '../common';
import { formDrivenWrite } from '../factories';

export default formDrivenWrite({
	value: 'updateProperty',
	name: 'Update Property',
	action: 'Update the property of a listing',
	description: 'Set the property (address and details) of a listing; the fields come from the property form',
	method: 'PUT',
	properties: [listingLocator()],
	dependsOn: ['listingGuid.value'],
	path: (r) => `${listingPath(r)}/property`,
	form: { request: (r) => ({ path: `${listingPath(r)}/updateListingPropertyForm` }), partial: true },
});
