import { saleLocator, salePath } from '../../helpers/fields';
import { formDrivenWrite } from '../../helpers/formDriven';

export default formDrivenWrite({
	value: 'addAttorneyContact',
	name: 'Add Attorney Contact',
	action: 'Add attorney contact to sale',
	toolDescription:
		'Use to add an attorney contact to a sale (name, email, phone, company as its contact form asks). Returns the saleGuid and any warnings.',
	description: 'Add an attorney contact to a sale; the fields come from the matching contact form',
	method: 'POST',
	properties: [saleLocator()],
	dependsOn: ['saleGuid.value'],
	path: (r) => `${salePath(r)}/attorneyContact`,
	form: { request: (r) => ({ path: `${salePath(r)}/addAttorneyContactToSaleForm` }) },
	// The service takes this body as a JSON string whose text is the contact object (spec 4.8).
	bodyAsString: true,
});
