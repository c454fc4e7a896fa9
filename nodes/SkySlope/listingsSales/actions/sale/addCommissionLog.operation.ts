import { saleLocator, salePath } from '../../helpers/fields';
import { formDrivenWrite } from '../../helpers/formDriven';

export default formDrivenWrite({
	value: 'addCommissionLog',
	name: 'Add Commission Log Entry',
	action: 'Add commission log entry to sale',
	toolDescription:
		'Use to record additional commission information on a sale. Returns the saleGuid and any warnings.',
	description: 'Record additional commission information on a sale',
	method: 'POST',
	properties: [saleLocator()],
	path: (r) => `${salePath(r)}/commissionLog`,
	// The service publishes no form for the commission log: these are the fields it documents.
	form: {
		fields: [
			{ fieldName: 'note', fieldType: 'String', isRequired: true },
			{ fieldName: 'amount', fieldType: 'Nullable<decimal>' },
			{ fieldName: 'loggedOn', fieldType: 'Nullable<DateTime>' },
		],
	},
});
