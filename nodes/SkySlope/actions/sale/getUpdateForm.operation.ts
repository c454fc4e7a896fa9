import { saleLocator, salePath } from '../common';
import { getForm } from '../factories';

export default getForm({
	value: 'getUpdateForm',
	name: 'Get Update Form',
	action: 'Get the sale update form',
	description: 'The fields a sale update accepts',
	properties: [saleLocator()],
	request: (r) => ({ path: `${salePath(r)}/updateSaleForm` }),
});
