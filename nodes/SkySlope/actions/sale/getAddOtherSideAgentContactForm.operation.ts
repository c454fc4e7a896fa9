import { saleLocator, salePath } from '../common';
import { getForm } from '../factories';

export default getForm({
	value: 'getAddOtherSideAgentContactForm',
	name: 'Get Add Other Side Agent Contact Form',
	action: 'Get the sale add other side agent contact form',
	description: 'The fields an other side agent contact of a sale needs',
	properties: [saleLocator()],
	request: (r) => ({ path: `${salePath(r)}/addOtherSideAgentContactToSaleForm` }),
});
