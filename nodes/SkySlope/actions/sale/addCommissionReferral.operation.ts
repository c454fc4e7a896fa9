import { saleLocator, salePath } from '../common';
import { formDrivenWrite } from '../factories';

export default formDrivenWrite({
	value: 'addCommissionReferral',
	name: 'Add Commission Referral',
	action: 'Add a commission referral to a sale',
	description: 'Add the commission referral of a sale; the fields come from the commission referral form',
	method: 'POST',
	properties: [saleLocator()],
	dependsOn: ['saleGuid.value'],
	path: (r) => `${salePath(r)}/commissionReferral`,
	form: { request: (r) => ({ path: `${salePath(r)}/commissionReferralForm` }) },
});
