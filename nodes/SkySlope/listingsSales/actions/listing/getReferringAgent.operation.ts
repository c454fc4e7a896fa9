import { listingLocator, listingPath } from '../../helpers/fields';
import { simpleRequest } from '../../helpers/formDriven';
import { REFERRING_AGENT } from '../../helpers/kinds';
import { recordOutput } from '../../helpers/reads';

export default simpleRequest({
	value: 'getReferringAgent',
	name: 'Get Referring Agent',
	action: 'Get referring agent of listing',
	toolDescription:
		'Use when the user asks who referred a listing. Returns the referring agent of the listing (name, company, contact details).',
	description: 'Retrieve the referring agent of a listing',
	method: 'GET',
	properties: [listingLocator()],
	path: (r) => `${listingPath(r)}/referringagent`,
	output: recordOutput(REFERRING_AGENT, 'Get the referring agent of a listing'),
});
