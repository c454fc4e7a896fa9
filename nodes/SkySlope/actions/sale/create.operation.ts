import { checkMaxItems } from '../../../shared';
import { agentLocator, checklistTypeField, guidOf, intOf, officeLocator } from '../common';
import { formDrivenWrite } from '../factories';

/**
 * The five-step creation flow of spec 4.8 as one step: the office, agent and checklist type are
 * picked from lists (subscribers, offices, the office's sale checklist types), the sale form
 * gives the other fields, then the sale is created.
 */
export default formDrivenWrite({
	value: 'create',
	name: 'Create',
	action: 'Create a sale',
	description:
		'Create a sale in an office, for an agent, with a checklist type; the other fields come from the sale form',
	method: 'POST',
	properties: [
		officeLocator('The office the sale belongs to'),
		checklistTypeField('Sale'),
		agentLocator('The primary agent of the sale'),
	],
	dependsOn: ['officeGuid.value', 'checklistTypeId', 'agentGuid.value'],
	path: () => '/api/files/sales',
	form: {
		request: (r) => ({
			path: '/api/files/saleForm',
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
