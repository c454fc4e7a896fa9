import { listingLocator, listingPath } from '../common';
import { formDrivenWrite } from '../factories';

export default formDrivenWrite({
	value: 'updateCommissionReferral',
	name: 'Update Commission Referral',
	action: 'Update the commission referral of a listing',
	description: 'Change fields of the commission referral of a listing',
	method: 'PATCH',
	properties: [listingLocator()],
	dependsOn: ['listingGuid.value'],
	path: (r) => `${listingPath(r)}/commissionReferral`,
	form: { request: (r) => ({ path: `${listingPath(r)}/commissionReferralForm` }), partial: true },
});
