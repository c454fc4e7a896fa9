import { saleLocator, salePath } from '../../helpers/fields';
import { getForm } from '../../helpers/formDriven';

export default getForm({
	value: 'getAddBuyerContactForm',
	name: 'Get Add Buyer Contact Form',
	action: 'Get the sale add buyer contact form',
	description: 'The fields a buyer contact of a sale needs',
	properties: [saleLocator()],
	request: (r) => ({ path: `${salePath(r)}/addBuyerContactToSaleForm` }),
});
