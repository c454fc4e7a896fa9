import { saleLocator, salePath } from '../../helpers/fields';
import { formDrivenWrite } from '../../helpers/formDriven';

export default formDrivenWrite({
	value: 'addBuyerContact',
	name: 'Add Buyer Contact',
	action: 'Add buyer contact to sale',
	toolDescription:
		'Use to add a buyer contact to a sale (name, email, phone, company as its contact form asks). Returns the saleGuid and any warnings.',
	description: 'Add a buyer contact to a sale; the fields come from the matching contact form',
	method: 'POST',
	properties: [saleLocator()],
	dependsOn: ['saleGuid.value'],
	path: (r) => `${salePath(r)}/buyerContact`,
	form: { request: (r) => ({ path: `${salePath(r)}/addBuyerContactToSaleForm` }) },
});
