import { saleLocator, salePath } from '../common';
import { formDrivenWrite } from '../factories';

export default formDrivenWrite({
	value: 'addCommissions',
	name: 'Add Commissions',
	action: 'Add commissions to a sale',
	description: 'Add the commissions of a sale; the fields come from the add-commissions form',
	method: 'POST',
	properties: [saleLocator()],
	dependsOn: ['saleGuid.value'],
	path: (r) => `${salePath(r)}/commissions`,
	form: { request: (r) => ({ path: `${salePath(r)}/addCommissionsToSaleForm` }) },
});
