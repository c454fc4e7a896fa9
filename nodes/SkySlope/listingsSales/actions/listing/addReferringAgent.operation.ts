import { formDrivenWrite } from '../../helpers/formDriven';
import { addToListing } from '../../helpers/limits';

export default formDrivenWrite({
	value: 'addReferringAgent',
	name: 'Add Referring Agent',
	action: 'Add referring agent of listing',
	toolDescription:
		'Use to add the referring agent of a listing (at most one). Returns the listingGuid and any warnings.',
	description: 'Add the referring agent of a listing (at most one); the fields come from the referring agent form',
	...addToListing('referringAgent'),
});
