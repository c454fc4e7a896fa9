import { p } from '../../../shared';
import { guidOf, listingContactLocator, listingLocator, listingPath } from '../../helpers/fields';
import { getForm } from '../../helpers/formDriven';

export default getForm({
	value: 'getUpdateContactForm',
	name: 'Get Update Contact Form',
	action: 'Get the listing update contact form',
	description: 'The fields of a contact of a listing, and its role',
	properties: [listingLocator(), listingContactLocator()],
	request: (r) => ({ path: `${listingPath(r)}${p`/contacts/${guidOf(r, 'contactGuid')}/updateListingContactForm`}` }),
});
