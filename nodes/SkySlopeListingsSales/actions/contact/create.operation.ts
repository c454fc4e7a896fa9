import { formDrivenWrite } from '../../helpers/formDriven';
import { directoryContactFields } from '../../helpers/contactFields';

export default formDrivenWrite({
	value: 'create',
	name: 'Create',
	action: 'Create a contact',
	description:
		'Add a contact to the brokerage directory (a contact matching an existing one is created with a warning)',
	method: 'POST',
	properties: [],
	path: () => '/api/contacts',
	form: { fields: directoryContactFields(true) },
});
