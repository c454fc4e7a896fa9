import { saleLocator, salePath } from '../common';
import { formDrivenWrite } from '../factories';

export default formDrivenWrite({
	value: 'addOtherSideAgentContact',
	name: 'Add Other Side Agent Contact',
	action: 'Add an other side agent contact to a sale',
	description: 'Add an other side agent contact to a sale; the fields come from the matching contact form',
	method: 'POST',
	properties: [saleLocator()],
	dependsOn: ['saleGuid.value'],
	path: (r) => `${salePath(r)}/otherSideAgentContact`,
	form: { request: (r) => ({ path: `${salePath(r)}/addOtherSideAgentContactToSaleForm` }) },
});
