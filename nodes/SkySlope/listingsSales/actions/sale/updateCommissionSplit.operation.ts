import { saleLocator, salePath } from '../../helpers/fields';
import { formDrivenWrite } from '../../helpers/formDriven';

export default formDrivenWrite({
	value: 'updateCommissionSplit',
	name: 'Update Commission Split',
	action: 'Set commission split of sale',
	toolDescription:
		'Use to split a sale\'s commission between the primary agent and the co-agents. Returns the saleGuid and any warnings.',
	description: 'Split the commission between the primary agent and the co-agents; the fields come from the commission split form',
	method: 'PUT',
	properties: [saleLocator()],
	dependsOn: ['saleGuid.value'],
	path: (r) => `${salePath(r)}/commissionSplit`,
	form: { request: (r) => ({ path: `${salePath(r)}/updateCommissionSplitForm` }) },
});
