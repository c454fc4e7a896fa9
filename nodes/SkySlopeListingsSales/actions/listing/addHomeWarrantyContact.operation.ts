import { listingLocator, listingPath } from '../../helpers/fields';
import { formDrivenWrite } from '../../helpers/formDriven';
import { checkListingRoom } from '../../helpers/limits';

export default formDrivenWrite({
	value: 'addHomeWarrantyContact',
	name: 'Add Home Warranty Contact',
	action: 'Add a home warranty contact to a listing',
	description: 'Add a home warranty contact to a listing; the fields come from the matching contact form',
	method: 'POST',
	properties: [listingLocator()],
	dependsOn: ['listingGuid.value'],
	path: (r) => `${listingPath(r)}/homeWarrantyContact`,
	form: { request: (r) => ({ path: `${listingPath(r)}/addHomeWarrantyContactToListingForm` }) },
	async check(r) {
		await checkListingRoom(this, r, listingPath(r), 'homeWarrantyContact');
	},
});
