import { saleLocator, salePath } from '../../helpers/fields';
import { getForm } from '../../helpers/formDriven';

export default getForm({
	value: 'getCommissionBreakdownForm',
	name: 'Get Commission Breakdown Form',
	action: 'Get the sale commission breakdown form',
	description: 'The fields of the commission breakdowns of a sale',
	properties: [saleLocator()],
	request: (r) => ({ path: `${salePath(r)}/updateCommissionBreakdownsForm` }),
});
