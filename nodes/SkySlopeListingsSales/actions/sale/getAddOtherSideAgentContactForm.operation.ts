import { saleLocator, salePath } from '../../helpers/fields';
import { getForm } from '../../helpers/formDriven';

export default getForm({
	value: 'getAddOtherSideAgentContactForm',
	name: 'Get Add Other Side Agent Contact Form',
	action: 'Get the sale add other side agent contact form',
	description: 'The fields of the contact for the agent of the other side of a sale',
	properties: [saleLocator()],
	request: (r) => ({ path: `${salePath(r)}/addOtherSideAgentContactToSaleForm` }),
});
