import { listingLocator, listingPath } from '../common';
import { formDrivenWrite } from '../factories';

export default formDrivenWrite({
	value: 'updateCommissions',
	name: 'Update Commissions',
	action: 'Update the commissions of a listing',
	description: 'Change the commissions of a listing; the fields come from the update-commissions form',
	method: 'PUT',
	properties: [listingLocator()],
	dependsOn: ['listingGuid.value'],
	path: (r) => `${listingPath(r)}/commissions`,
	form: { request: (r) => ({ path: `${listingPath(r)}/updateListingCommissionsForm` }), partial: true },
});
