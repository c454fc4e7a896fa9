import { saleLocator, salePath } from '../../helpers/fields';
import { getForm } from '../../helpers/formDriven';

export default getForm({
	value: 'getAddLenderContactForm',
	name: 'Get Add Lender Contact Form',
	action: 'Get the sale add lender contact form',
	description: 'The fields a lender contact of a sale needs',
	properties: [saleLocator()],
	request: (r) => ({ path: `${salePath(r)}/addLenderContactToSaleForm` }),
});
