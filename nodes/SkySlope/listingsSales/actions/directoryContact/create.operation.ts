import { formDrivenWrite } from '../../helpers/formDriven';
import { directoryContactFields } from '../../helpers/contactFields';

export default formDrivenWrite({
	value: 'create',
	name: 'Create',
	action: 'Create contact',
	toolDescription:
		'Use to add a person or company to the brokerage\'s contact directory. Returns the new contactGuid and any warnings (e.g. a similar contact exists).',
	description:
		'Add a contact to the brokerage directory (a contact matching an existing one is created with a warning)',
	method: 'POST',
	properties: [],
	path: () => '/api/contacts',
	form: { fields: directoryContactFields(true) },
});
