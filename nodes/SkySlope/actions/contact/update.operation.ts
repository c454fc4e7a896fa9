import { p } from '../../../shared';
import { contactLocator, guidOf } from '../common';
import { formDrivenWrite } from '../factories';
import { directoryContactFields } from './fields';

export default formDrivenWrite({
	value: 'update',
	name: 'Update',
	action: 'Update a contact',
	description: 'Change fields of a contact of the brokerage directory',
	method: 'PATCH',
	properties: [contactLocator()],
	path: (r) => p`/api/contacts/${guidOf(r, 'contactGuid')}`,
	form: { fields: directoryContactFields(false), partial: true },
});
