import { saleLocator, salePath } from '../../helpers/fields';
import { getForm } from '../../helpers/formDriven';

export default getForm({
	value: 'getAddSellerContactForm',
	name: 'Get Add Seller Contact Form',
	action: 'Get the sale add seller contact form',
	description: 'The fields a seller contact of a sale needs',
	properties: [saleLocator()],
	request: (r) => ({ path: `${salePath(r)}/addSellerContactToSaleForm` }),
});
