import { listingLocator, listingPath } from '../common';
import { getForm } from '../factories';

export default getForm({
	value: 'getUpdateCommissionsForm',
	name: 'Get Update Commissions Form',
	action: 'Get the listing update commissions form',
	description: 'The fields a listing commissions update accepts',
	properties: [listingLocator()],
	request: (r) => ({ path: `${listingPath(r)}/updateListingCommissionsForm` }),
});
