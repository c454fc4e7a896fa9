import { saleLocator, salePath } from '../../helpers/fields';
import { getForm } from '../../helpers/formDriven';

export default getForm({
	value: 'getCommissionSplitForm',
	name: 'Get Commission Split Form',
	action: 'Get the sale commission split form',
	description: 'The fields of the commission split of a sale',
	properties: [saleLocator()],
	request: (r) => ({ path: `${salePath(r)}/updateCommissionSplitForm` }),
});
