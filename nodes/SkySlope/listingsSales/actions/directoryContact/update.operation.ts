import { p } from '../../../shared';
import { contactLocator, guidOf } from '../../helpers/fields';
import { formDrivenWrite } from '../../helpers/formDriven';
import { directoryContactFields } from '../../helpers/contactFields';

export default formDrivenWrite({
	value: 'update',
	name: 'Update',
	action: 'Update contact',
	toolDescription:
		'Use to change a contact of the brokerage\'s directory. Returns the contactGuid and any warnings.',
	description: 'Change fields of a contact of the brokerage directory',
	method: 'PATCH',
	properties: [contactLocator()],
	path: (r) => p`/api/contacts/${guidOf(r, 'contactGuid')}`,
	form: { fields: directoryContactFields(false), partial: true },
});
