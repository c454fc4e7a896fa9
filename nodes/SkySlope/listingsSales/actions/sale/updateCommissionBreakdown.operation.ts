import { saleLocator, salePath } from '../../helpers/fields';
import { formDrivenWrite } from '../../helpers/formDriven';

export default formDrivenWrite({
	value: 'updateCommissionBreakdown',
	name: 'Update Commission Breakdown',
	action: 'Set commission breakdown of sale',
	toolDescription:
		'Use to replace the commission breakdowns of a sale. Returns the saleGuid and any warnings.',
	description: 'Replace the commission breakdowns of a sale; the fields come from the commission breakdowns form',
	method: 'PUT',
	properties: [saleLocator()],
	dependsOn: ['saleGuid.value'],
	path: (r) => `${salePath(r)}/commissionBreakdown`,
	form: { request: (r) => ({ path: `${salePath(r)}/updateCommissionBreakdownsForm` }) },
});
