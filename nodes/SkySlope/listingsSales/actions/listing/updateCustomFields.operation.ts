import { customFieldsBody, customFieldsProperty, listingLocator, listingPath } from '../../helpers/fields';
import { simpleRequest } from '../../helpers/formDriven';

export default simpleRequest({
	value: 'updateCustomFields',
	name: 'Update Custom Fields',
	action: 'Update custom fields of listing',
	toolDescription:
		'Use to set custom fields of a listing; other custom fields keep their values. Returns the listingGuid.',
	description: 'Set custom fields of a listing; other custom fields keep their values',
	method: 'PUT',
	properties: [listingLocator(), customFieldsProperty()],
	path: (r) => `${listingPath(r)}/customFields`,
	body: customFieldsBody,
});
