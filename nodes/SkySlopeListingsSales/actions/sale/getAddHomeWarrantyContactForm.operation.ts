import { saleLocator, salePath } from '../../helpers/fields';
import { getForm } from '../../helpers/formDriven';

export default getForm({
	value: 'getAddHomeWarrantyContactForm',
	name: 'Get Add Home Warranty Contact Form',
	action: 'Get the sale add home warranty contact form',
	description: 'The fields a home warranty contact of a sale needs',
	properties: [saleLocator()],
	request: (r) => ({ path: `${salePath(r)}/addHomeWarrantyContactToSaleForm` }),
});
