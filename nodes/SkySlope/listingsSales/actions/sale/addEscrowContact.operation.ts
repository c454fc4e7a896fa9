import { saleLocator, salePath } from '../../helpers/fields';
import { formDrivenWrite } from '../../helpers/formDriven';

export default formDrivenWrite({
	value: 'addEscrowContact',
	name: 'Add Escrow Contact',
	action: 'Add escrow contact to sale',
	toolDescription:
		'Use to add an escrow contact to a sale (name, email, phone, company as its contact form asks). Returns the saleGuid and any warnings.',
	description: 'Add an escrow contact to a sale; the fields come from the matching contact form',
	method: 'POST',
	properties: [saleLocator()],
	dependsOn: ['saleGuid.value'],
	path: (r) => `${salePath(r)}/escrowContact`,
	form: { request: (r) => ({ path: `${salePath(r)}/addEscrowContactToSaleForm` }) },
});
