import { p } from '../../../shared';
import { contactLocator, guidOf } from '../../helpers/fields';
import { simpleRequest } from '../../helpers/formDriven';

export default simpleRequest({
	value: 'delete',
	name: 'Delete',
	action: 'Delete contact',
	toolDescription:
		'Use to remove a contact from the brokerage\'s directory. Returns deleted: true with the contactGuid.',
	description: 'Remove a contact from the brokerage directory',
	method: 'DELETE',
	properties: [contactLocator()],
	path: (r) => p`/api/contacts/${guidOf(r, 'contactGuid')}`,
	output: (_value, _item, r) => ({ deleted: true, contactGuid: guidOf(r, 'contactGuid') }),
});
