import { saleLocator, salePath } from '../../helpers/fields';
import { formDrivenWrite } from '../../helpers/formDriven';

export default formDrivenWrite({
	value: 'addLenderContact',
	name: 'Add Lender Contact',
	action: 'Add lender contact to sale',
	toolDescription:
		'Use to add a lender contact to a sale (name, email, phone, company as its contact form asks). Returns the saleGuid and any warnings.',
	description: 'Add a lender contact to a sale; the fields come from the matching contact form',
	method: 'POST',
	properties: [saleLocator()],
	dependsOn: ['saleGuid.value'],
	path: (r) => `${salePath(r)}/lenderContact`,
	form: { request: (r) => ({ path: `${salePath(r)}/addLenderContactToSaleForm` }) },
});
