import { listingLocator, listingPath } from '../../helpers/fields';
import { formDrivenWrite } from '../../helpers/formDriven';
import { checkListingRoom } from '../../helpers/limits';

export default formDrivenWrite({
	value: 'addReferringAgent',
	name: 'Add Referring Agent',
	action: 'Add the referring agent of a listing',
	description: 'Add the referring agent of a listing (at most one); the fields come from the referring agent form',
	method: 'POST',
	properties: [listingLocator()],
	dependsOn: ['listingGuid.value'],
	path: (r) => `${listingPath(r)}/referringagent`,
	form: { request: (r) => ({ path: `${listingPath(r)}/addReferringAgentToListingForm` }) },
	async check(r) {
		await checkListingRoom(this, r, listingPath(r), 'referringAgent');
	},
});
