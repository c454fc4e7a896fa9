import { saleLocator, salePath } from '../common';
import { getForm } from '../factories';

export default getForm({
	value: 'getUpdateCommissionsForm',
	name: 'Get Update Commissions Form',
	action: 'Get the sale update commissions form',
	description: 'The fields a sale commissions update accepts',
	properties: [saleLocator()],
	request: (r) => ({ path: `${salePath(r)}/updateSaleCommissionsForm` }),
});
