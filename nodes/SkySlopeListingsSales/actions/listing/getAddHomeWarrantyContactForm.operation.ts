import { listingLocator, listingPath } from '../../helpers/fields';
import { getForm } from '../../helpers/formDriven';

export default getForm({
	value: 'getAddHomeWarrantyContactForm',
	name: 'Get Add Home Warranty Contact Form',
	action: 'Get the listing add home warranty contact form',
	description: 'The fields a home warranty contact of a listing needs',
	properties: [listingLocator()],
	request: (r) => ({ path: `${listingPath(r)}/addHomeWarrantyContactToListingForm` }),
});
