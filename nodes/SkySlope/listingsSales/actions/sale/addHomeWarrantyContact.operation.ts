import { saleLocator, salePath } from '../../helpers/fields';
import { formDrivenWrite } from '../../helpers/formDriven';

export default formDrivenWrite({
	value: 'addHomeWarrantyContact',
	name: 'Add Home Warranty Contact',
	action: 'Add home warranty contact to sale',
	toolDescription:
		'Use to add a home warranty contact to a sale (name, email, phone, company as its contact form asks). Returns the saleGuid and any warnings.',
	description: 'Add a home warranty contact to a sale; the fields come from the matching contact form',
	method: 'POST',
	properties: [saleLocator()],
	dependsOn: ['saleGuid.value'],
	path: (r) => `${salePath(r)}/homeWarrantyContact`,
	form: { request: (r) => ({ path: `${salePath(r)}/addHomeWarrantyContactToSaleForm` }) },
});
