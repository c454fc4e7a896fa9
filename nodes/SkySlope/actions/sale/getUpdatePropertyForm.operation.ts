import { saleLocator, salePath } from '../common';
import { getForm } from '../factories';

export default getForm({
	value: 'getUpdatePropertyForm',
	name: 'Get Update Property Form',
	action: 'Get the sale property form',
	description: 'The fields of the property of a sale',
	properties: [saleLocator()],
	request: (r) => ({ path: `${salePath(r)}/updateSalePropertyForm` }),
});
