import { checkMaxItems } from '../../../shared';
import { saleLocator, salePath } from '../common';
import { formDrivenWrite } from '../factories';

export default formDrivenWrite({
	value: 'updateCoAgents',
	name: 'Update Co-Agents',
	action: 'Set the co-agents of a sale',
	description: 'Replace the co-agents of a sale (zero to five)',
	method: 'PUT',
	properties: [saleLocator()],
	dependsOn: ['saleGuid.value'],
	path: (r) => `${salePath(r)}/coAgents`,
	form: { request: (r) => ({ path: `${salePath(r)}/updateSaleCoAgentsForm` }) },
	check(r, body) {
		const list = Array.isArray(body.coAgentGuids) ? body.coAgentGuids : [];
		checkMaxItems(this, 'Fields: coAgentGuids', list, 5, r.itemIndex);
	},
});
