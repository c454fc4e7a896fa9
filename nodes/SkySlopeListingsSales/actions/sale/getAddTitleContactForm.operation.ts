import { saleLocator, salePath } from '../../helpers/fields';
import { getForm } from '../../helpers/formDriven';

export default getForm({
	value: 'getAddTitleContactForm',
	name: 'Get Add Title Contact Form',
	action: 'Get the sale add title contact form',
	description: 'The fields a title contact of a sale needs',
	properties: [saleLocator()],
	request: (r) => ({ path: `${salePath(r)}/addTitleContactToSaleForm` }),
});
