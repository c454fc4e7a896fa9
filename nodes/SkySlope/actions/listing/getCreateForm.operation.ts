import { checklistTypeField, guidOf, intOf, officeLocator } from '../common';
import { getForm } from '../factories';

export default getForm({
	value: 'getCreateForm',
	name: 'Get Create Form',
	action: 'Get the listing create form',
	description: 'The fields a new listing needs in an office and checklist type, with required flags and allowed values',
	properties: [officeLocator(), checklistTypeField('Listing')],
	request: (r) => ({
		path: '/api/files/listingForm',
		qs: { officeGuid: guidOf(r, 'officeGuid'), checklistTypeId: intOf(r, 'checklistTypeId', 'Checklist Type', { min: 1 }) },
	}),
});
