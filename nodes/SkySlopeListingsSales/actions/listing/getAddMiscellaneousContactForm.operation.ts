import { listingLocator, listingPath } from '../../helpers/fields';
import { getForm } from '../../helpers/formDriven';

export default getForm({
	value: 'getAddMiscellaneousContactForm',
	name: 'Get Add Miscellaneous Contact Form',
	action: 'Get the listing add miscellaneous contact form',
	description: 'The fields a miscellaneous contact of a listing needs',
	properties: [listingLocator()],
	request: (r) => ({ path: `${listingPath(r)}/addMiscellaneousContactToListingForm` }),
});
