import { saleLocator, salePath } from '../common';
import { formDrivenWrite } from '../factories';

export default formDrivenWrite({
	value: 'updateCommissions',
	name: 'Update Commissions',
	action: 'Update the commissions of a sale',
	description: 'Change the commissions of a sale; the fields come from the update-commissions form',
	method: 'PUT',
	properties: [saleLocator()],
	dependsOn: ['saleGuid.value'],
	path: (r) => `${salePath(r)}/commissions`,
	form: { request: (r) => ({ path: `${salePath(r)}/updateSaleCommissionsForm` }), partial: true },
});
