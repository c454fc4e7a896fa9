import { formDrivenWrite } from '../../helpers/formDriven';
import { addToListing } from '../../helpers/limits';

export default formDrivenWrite({
	value: 'addSellerContact',
	name: 'Add Seller Contact',
	action: 'Add seller contact to listing',
	toolDescription:
		'Use to add a seller contact to a listing (name, email, phone, company as its contact form asks). Returns the listingGuid and any warnings.',
	description: 'Add a seller contact to a listing; the fields come from the matching contact form',
	...addToListing('sellerContact'),
});
