import { saleLocator, salePath } from '../../helpers/fields';
import { getForm } from '../../helpers/formDriven';

export default getForm({
	value: 'getAddAttorneyContactForm',
	name: 'Get Add Attorney Contact Form',
	action: 'Get the sale add attorney contact form',
	description: 'The fields an attorney contact of a sale needs',
	properties: [saleLocator()],
	request: (r) => ({ path: `${salePath(r)}/addAttorneyContactToSaleForm` }),
});
