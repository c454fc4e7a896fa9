import { guidOf, listingLocator, listingPath, officeLocator } from '../../helpers/fields';
import { simpleRequest } from '../../helpers/formDriven';

export default simpleRequest({
	value: 'updateOffice',
	name: 'Update Office',
	action: 'Move listing to another office',
	toolDescription:
		'Use to move a listing to another office (multi-office brokerages only). Returns the listingGuid.',
	description: 'Assign the listing to another office (multi-office brokers only; the service refuses it for a single-office broker)',
	method: 'PUT',
	properties: [listingLocator(), officeLocator('The office to move the listing to')],
	path: (r) => `${listingPath(r)}/office`,
	body: (r) => ({ officeGuid: guidOf(r, 'officeGuid') }),
});
