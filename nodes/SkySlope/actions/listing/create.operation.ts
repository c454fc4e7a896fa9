import { checkMaxItems } from '../../../shared';
import { agentLocator, checklistTypeField, guidOf, intOf, officeLocator } from '../common';
import { formDrivenWrite } from '../factories';

export default formDrivenWrite({
	value: 'create',
	name: 'Create',
	action: 'Create a listing',
	description:
		'Create a listing in an office, for an agent, with a checklist type; the other fields come from the listing form',
	method: 'POST',
	properties: [
		officeLocator('The office the listing belongs to'),
		checklistTypeField('Listing'),
		agentLocator('The primary agent of the listing'),
	],
	dependsOn: ['officeGuid.value', 'checklistTypeId', 'agentGuid.value'],
	path: () => '/api/files/listings',
	form: {
		request: (r) => ({
			path: '/api/files/listingForm',
			qs: {
				officeGuid: guidOf(r, 'officeGuid'),
				checklistTypeId: intOf(r, 'checklistTypeId', 'Checklist Type', { min: 1 }),
			},
		}),
		exclude: ['officeGuid', 'agentGuid', 'checklistTypeId'],
	},
	extraBody: (r) => ({
		officeGuid: guidOf(r, 'officeGuid'),
		agentGuid: guidOf(r, 'agentGuid'),
		checklistTypeId: intOf(r, 'checklistTypeId', 'Checklist Type', { min: 1 }),
	}),
	check(r, body) {
		if (Array.isArray(body.coAgentGuids)) checkMaxItems(this, 'Fields: coAgentGuids', body.coAgentGuids, 5, r.itemIndex);
	},
	keepLinks: true,
});
