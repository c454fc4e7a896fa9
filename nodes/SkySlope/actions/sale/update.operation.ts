import { saleLocator, salePath } from '../common';
import { formDrivenWrite } from '../factories';

export default formDrivenWrite({
	value: 'update',
	name: 'Update',
	action: 'Update a sale',
	description: 'Change fields of a sale; the fields come from its update form',
	method: 'PUT',
	properties: [saleLocator()],
	dependsOn: ['saleGuid.value'],
	path: salePath,
	form: { request: (r) => ({ path: `${salePath(r)}/updateSaleForm` }), partial: true },
});
