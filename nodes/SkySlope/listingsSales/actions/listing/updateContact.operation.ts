import { p } from '../../../shared';
import { guidOf, listingContactLocator, listingLocator, listingPath, type Reader } from '../../helpers/fields';
import { formDrivenWrite } from '../../helpers/formDriven';

const contactPath = (r: Reader) => p`/contacts/${guidOf(r, 'contactGuid')}/updateListingContactForm`;

export default formDrivenWrite({
	value: 'updateContact',
	name: 'Update Contact',
	action: 'Update contact of listing',
	toolDescription:
		'Use to change a seller, home warranty or miscellaneous contact of a listing. Returns the listingGuid and any warnings.',
	description: 'Change a seller, home warranty or miscellaneous contact of a listing; the fields come from its contact form',
	method: 'PUT',
	properties: [listingLocator(), listingContactLocator()],
	dependsOn: ['listingGuid.value', 'contactGuid.value'],
	path: (r) => `${listingPath(r)}${p`/contact/${guidOf(r, 'contactGuid')}`}`,
	form: { request: (r) => ({ path: `${listingPath(r)}${contactPath(r)}` }), partial: true },
	// The service takes this body as a JSON string whose text is the contact object (spec 4.7).
	bodyAsString: true,
});
