import { listingLocator, listingPath } from '../../helpers/fields';
import { formDrivenWrite } from '../../helpers/formDriven';

export default formDrivenWrite({
	value: 'updateReferringAgent',
	name: 'Update Referring Agent',
	action: 'Update referring agent of listing',
	toolDescription:
		'Use to change the referring agent of a listing. Returns the listingGuid and any warnings.',
	description: 'Change fields of the referring agent of a listing',
	method: 'PUT',
	properties: [listingLocator()],
	dependsOn: ['listingGuid.value'],
	path: (r) => `${listingPath(r)}/referringagent`,
	form: { request: (r) => ({ path: `${listingPath(r)}/updateListingReferringAgentForm` }), partial: true },
});
