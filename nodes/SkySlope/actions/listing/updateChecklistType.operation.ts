import { checklistTypeField, intOf, listingLocator, listingPath } from '../common';
import { simpleRequest } from '../factories';

export default simpleRequest({
	value: 'updateChecklistType',
	name: 'Update Checklist Type',
	action: 'Change the checklist type of a listing',
	description:
		'Change the checklist type of a listing (a Commercial Lease type cannot become another type, nor the reverse)',
	method: 'PUT',
	properties: [listingLocator(), checklistTypeField('Listing')],
	path: (r) => `${listingPath(r)}/checklistType`,
	body: (r) => ({ checklistTypeId: intOf(r, 'checklistTypeId', 'Checklist Type', { min: 1 }) }),
});
