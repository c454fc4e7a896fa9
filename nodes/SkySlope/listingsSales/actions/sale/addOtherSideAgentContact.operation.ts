import { saleLocator, salePath } from '../../helpers/fields';
import { formDrivenWrite } from '../../helpers/formDriven';

export default formDrivenWrite({
	value: 'addOtherSideAgentContact',
	name: 'Add Other Side Agent Contact',
	action: 'Add agent of other side as contact of sale',
	toolDescription:
		'Use to add the other side\'s agent as a contact to a sale (name, email, phone, company as its contact form asks). Returns the saleGuid and any warnings.',
	description: 'Add the agent of the other side as a contact of a sale; the fields come from the matching contact form',
	method: 'POST',
	properties: [saleLocator()],
	dependsOn: ['saleGuid.value'],
	path: (r) => `${salePath(r)}/otherSideAgentContact`,
	form: { request: (r) => ({ path: `${salePath(r)}/addOtherSideAgentContactToSaleForm` }) },
});
