import { p } from '../../../shared';
import { guidOf, officeLocator } from '../../helpers/fields';
import { formDrivenWrite } from '../../helpers/formDriven';
import { OFFICE } from '../../helpers/kinds';
import { byGuid, recordOutput } from '../../helpers/reads';

const address = ['streetNumber', 'streetName', 'unit', 'city', 'state', 'zip'].map((fieldName) => ({
	fieldName,
	fieldType: 'String',
}));

export default formDrivenWrite({
	value: 'update',
	name: 'Update',
	action: 'Update office',
	toolDescription:
		'Use to change the name, phone or address of an office (brokers only). Returns the officeGuid and any warnings.',
	description: 'Change the name, phone or address of an office (brokers only)',
	method: 'PATCH',
	properties: [officeLocator()],
	path: (r) => p`/api/offices/${guidOf(r, 'officeGuid')}`,
	// The service publishes no office form: these are the fields it documents.
	form: {
		partial: true,
		fields: [
			{ fieldName: 'officeName', fieldType: 'String' },
			{ fieldName: 'phone', fieldType: 'String' },
			{ fieldName: 'address', fieldType: 'Object', subFields: address },
		],
	},
	output: recordOutput(OFFICE, 'Update an office', byGuid('officeGuid')),
});
