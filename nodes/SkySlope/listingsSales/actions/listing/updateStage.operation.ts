import { p } from '../../../shared';
import { guidOf, intOf, listingLocator } from '../../helpers/fields';
import { simpleRequest } from '../../helpers/formDriven';

export default simpleRequest({
	value: 'updateStage',
	name: 'Update Stage',
	action: 'Set stage of listing',
	toolDescription:
		'Use to move a listing to another stage of its checklist. Returns the listingGuid.',
	description: 'Move a listing to another stage of its checklist',
	method: 'PATCH',
	properties: [
		listingLocator(),
		{
			displayName: 'Stage ID',
			name: 'stageId',
			type: 'number',
			required: true,
			default: 1,
			typeOptions: { minValue: 1 },
			description: 'The ID of the stage the listing moves to',
		},
	],
	// Note: no `files` segment in this path (spec 4.7).
	path: (r) => p`/api/listings/${guidOf(r, 'listingGuid')}/stage`,
	body: (r) => ({ stageId: intOf(r, 'stageId', 'Stage ID', { min: 1 }) }),
});
