import { saleLocator, salePath } from '../common';
import { getForm } from '../factories';

export default getForm({
	value: 'getCommissionReferralForm',
	name: 'Get Commission Referral Form',
	action: 'Get the sale commission referral form',
	description: 'The fields of a sale commission referral',
	properties: [saleLocator()],
	request: (r) => ({ path: `${salePath(r)}/commissionReferralForm` }),
});
