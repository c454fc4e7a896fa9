import { checklistTypeField, intOf, saleLocator, salePath } from '../common';
import { simpleRequest } from '../factories';

export default simpleRequest({
	value: 'updateChecklistType',
	name: 'Update Checklist Type',
	action: 'Change the checklist type of a sale',
	description:
		'Change the checklist type of a sale (a Commercial Lease type cannot become another type, nor the reverse)',
	method: 'PUT',
	properties: [saleLocator(), checklistTypeField('Sale')],
	path: (r) => `${salePath(r)}/checklistType`,
	body: (r) => ({ checklistTypeId: intOf(r, 'checklistTypeId', 'Checklist Type', { min: 1 }) }),
});
