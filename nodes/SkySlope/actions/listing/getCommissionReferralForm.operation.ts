import { listingLocator, listingPath } from '../common';
import { getForm } from '../factories';

export default getForm({
	value: 'getCommissionReferralForm',
	name: 'Get Commission Referral Form',
	action: 'Get the listing commission referral form',
	description: 'The fields of a listing commission referral',
	properties: [listingLocator()],
	request: (r) => ({ path: `${listingPath(r)}/commissionReferralForm` }),
});
