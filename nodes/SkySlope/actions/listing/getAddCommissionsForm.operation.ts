import { listingLocator, listingPath } from '../common';
import { getForm } from '../factories';

export default getForm({
	value: 'getAddCommissionsForm',
	name: 'Get Add Commissions Form',
	action: 'Get the listing add commissions form',
	description: 'The fields adding commissions to a listing needs',
	properties: [listingLocator()],
	request: (r) => ({ path: `${listingPath(r)}/addCommissionsToListingForm` }),
});
