import { saleLocator, salePath } from '../common';
import { formDrivenWrite } from '../factories';

export default formDrivenWrite({
	value: 'updateProperty',
	name: 'Update Property',
	action: 'Update the property of a sale',
	description: 'Set the property (address and details) of a sale; the fields come from the property form',
	method: 'PUT',
	properties: [saleLocator()],
	dependsOn: ['saleGuid.value'],
	path: (r) => `${salePath(r)}/property`,
	form: { request: (r) => ({ path: `${salePath(r)}/updateSalePropertyForm` }), partial: true },
});
