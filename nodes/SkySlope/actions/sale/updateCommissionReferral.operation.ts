import { saleLocator, salePath } from '../common';
import { formDrivenWrite } from '../factories';

export default formDrivenWrite({
	value: 'updateCommissionReferral',
	name: 'Update Commission Referral',
	action: 'Update the commission referral of a sale',
	description: 'Change fields of the commission referral of a sale',
	method: 'PATCH',
	properties: [saleLocator()],
	dependsOn: ['saleGuid.value'],
	path: (r) => `${salePath(r)}/commissionReferral`,
	form: { request: (r) => ({ path: `${salePath(r)}/commissionReferralForm` }), partial: true },
});
