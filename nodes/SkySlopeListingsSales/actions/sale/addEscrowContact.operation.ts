import { saleLocator, salePath } from '../../helpers/fields';
import { formDrivenWrite } from '../../helpers/formDriven';

export default formDrivenWrite({
	value: 'addEscrowContact',
	name: 'Add Escrow Contact',
	action: 'Add an escrow contact to a sale',
	description: 'Add an escrow contact to a sale; the fields come from the matching contact form',
	method: 'POST',
	properties: [saleLocator()],
	dependsOn: ['saleGuid.value'],
	path: (r) => `${salePath(r)}/escrowContact`,
	form: { request: (r) => ({ path: `${salePath(r)}/addEscrowContactToSaleForm` }) },
});
