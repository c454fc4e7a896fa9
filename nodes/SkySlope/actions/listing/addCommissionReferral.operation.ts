import { listingLocator, listingPath } from '../common';
import { formDrivenWrite } from '../factories';

export default formDrivenWrite({
	value: 'addCommissionReferral',
	name: 'Add Commission Referral',
	action: 'Add a commission referral to a listing',
	description: 'Add the commission referral of a listing; the fields come from the commission referral form',
	method: 'POST',
	properties: [listingLocator()],
	dependsOn: ['listingGuid.value'],
	path: (r) => `${listingPath(r)}/commissionReferral`,
	form: { request: (r) => ({ path: `${listingPath(r)}/commissionReferralForm` }) },
});
