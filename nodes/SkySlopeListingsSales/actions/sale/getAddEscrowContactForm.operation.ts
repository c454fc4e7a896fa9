import { saleLocator, salePath } from '../../helpers/fields';
import { getForm } from '../../helpers/formDriven';

export default getForm({
	value: 'getAddEscrowContactForm',
	name: 'Get Add Escrow Contact Form',
	action: 'Get the sale add escrow contact form',
	description: 'The fields an escrow contact of a sale needs',
	properties: [saleLocator()],
	request: (r) => ({ path: `${salePath(r)}/addEscrowContactToSaleForm` }),
});
