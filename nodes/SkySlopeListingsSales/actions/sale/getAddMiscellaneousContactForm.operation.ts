import { saleLocator, salePath } from '../../helpers/fields';
import { getForm } from '../../helpers/formDriven';

export default getForm({
	value: 'getAddMiscellaneousContactForm',
	name: 'Get Add Miscellaneous Contact Form',
	action: 'Get the sale add miscellaneous contact form',
	description: 'The fields a miscellaneous contact of a sale needs',
	properties: [saleLocator()],
	request: (r) => ({ path: `${salePath(r)}/addMiscellaneousContactToSaleForm` }),
});
