import { listingLocator, listingPath } from '../../helpers/fields';
import { formDrivenWrite } from '../../helpers/formDriven';
import { checkListingRoom } from '../../helpers/limits';

export default formDrivenWrite({
	value: 'addSellerContact',
	name: 'Add Seller Contact',
	action: 'Add a seller contact to a listing',
	description: 'Add a seller contact to a listing; the fields come from the matching contact form',
	method: 'POST',
	properties: [listingLocator()],
	dependsOn: ['listingGuid.value'],
	path: (r) => `${listingPath(r)}/sellerContact`,
	form: { request: (r) => ({ path: `${listingPath(r)}/addSellerContactToListingForm` }) },
	async check(r) {
		await checkListingRoom(this, r, listingPath(r), 'sellerContact');
	},
});
