import { saleLocator, salePath } from '../common';
import { getForm } from '../factories';

export default getForm({
	value: 'getAddCommissionsForm',
	name: 'Get Add Commissions Form',
	action: 'Get the sale add commissions form',
	description: 'The fields adding commissions to a sale needs',
	properties: [saleLocator()],
	request: (r) => ({ path: `${salePath(r)}/addCommissionsToSaleForm` }),
});
