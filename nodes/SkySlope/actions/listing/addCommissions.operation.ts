import { listingLocator, listingPath } from '../common';
import { formDrivenWrite } from '../factories';

export default formDrivenWrite({
	value: 'addCommissions',
	name: 'Add Commissions',
	action: 'Add commissions to a listing',
	description: 'Add the commissions of a listing; the fields come from the add-commissions form',
	method: 'POST',
	properties: [listingLocator()],
	dependsOn: ['listingGuid.value'],
	path: (r) => `${listingPath(r)}/commissions`,
	form: { request: (r) => ({ path: `${listingPath(r)}/addCommissionsToListingForm` }) },
});
