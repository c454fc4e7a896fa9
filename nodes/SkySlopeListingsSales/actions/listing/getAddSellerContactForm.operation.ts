import { listingLocator, listingPath } from '../../helpers/fields';
import { getForm } from '../../helpers/formDriven';

export default getForm({
	value: 'getAddSellerContactForm',
	name: 'Get Add Seller Contact Form',
	action: 'Get the listing add seller contact form',
	description: 'The fields a seller contact of a listing needs',
	properties: [listingLocator()],
	request: (r) => ({ path: `${listingPath(r)}/addSellerContactToListingForm` }),
});
