import { formDrivenWrite } from '../../helpers/formDriven';
import { addToListing } from '../../helpers/limits';

export default formDrivenWrite({
	value: 'addHomeWarrantyContact',
	name: 'Add Home Warranty Contact',
	action: 'Add home warranty contact to listing',
	toolDescription:
		'Use to add a home warranty contact to a listing (name, email, phone, company as its contact form asks). Returns the listingGuid and any warnings.',
	description: 'Add a home warranty contact to a listing; the fields come from the matching contact form',
	...addToListing('homeWarrantyContact'),
});
