import { saleLocator, salePath } from '../../helpers/fields';
import { formDrivenWrite } from '../../helpers/formDriven';

export default formDrivenWrite({
	value: 'addTitleContact',
	name: 'Add Title Contact',
	action: 'Add title contact to sale',
	toolDescription:
		'Use to add a title contact to a sale (name, email, phone, company as its contact form asks). Returns the saleGuid and any warnings.',
	description: 'Add a title contact to a sale; the fields come from the matching contact form',
	method: 'POST',
	properties: [saleLocator()],
	dependsOn: ['saleGuid.value'],
	path: (r) => `${salePath(r)}/titleContact`,
	form: { request: (r) => ({ path: `${salePath(r)}/addTitleContactToSaleForm` }) },
});
