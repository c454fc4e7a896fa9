import { formDrivenWrite } from '../factories';
import { directoryContactFields } from './fields';

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
