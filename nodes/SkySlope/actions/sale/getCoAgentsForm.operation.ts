import { saleLocator, salePath } from '../common';
import { getForm } from '../factories';

export default getForm({
	value: 'getCoAgentsForm',
	name: 'Get Co-Agents Form',
	action: 'Get the sale co-agents form',
	description: 'The fields the co-agents update accepts',
	properties: [saleLocator()],
	request: (r) => ({ path: `${salePath(r)}/updateSaleCoAgentsForm` }),
});
