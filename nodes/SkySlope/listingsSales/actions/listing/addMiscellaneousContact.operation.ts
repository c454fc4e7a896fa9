import { listingLocator, listingPath } from '../../helpers/fields';
import { formDrivenWrite } from '../../helpers/formDriven';

export default formDrivenWrite({
	value: 'addMiscellaneousContact',
	name: 'Add Miscellaneous Contact',
	action: 'Add miscellaneous contact to listing',
	toolDescription:
		'Use to add a miscellaneous contact to a listing (name, email, phone, company as its contact form asks). Returns the listingGuid and any warnings.',
	description: 'Add a miscellaneous contact to a listing; the fields come from the matching contact form',
	method: 'POST',
	properties: [listingLocator()],
	dependsOn: ['listingGuid.value'],
	path: (r) => `${listingPath(r)}/miscellaneousContact`,
	form: { request: (r) => ({ path: `${listingPath(r)}/addMiscellaneousContactToListingForm` }) },
});
