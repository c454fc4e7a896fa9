import { simpleRequest } from '../../helpers/formDriven';
import { SUBSCRIBERS } from '../../helpers/kinds';
import { recordOutput } from '../../helpers/reads';

export default simpleRequest({
	value: 'get',
	name: 'Get',
	action: 'Get subscribers',
	toolDescription:
		'Use to find the brokerage\'s users (agents and their GUIDs), its transaction types, and whether it has several offices. Returns that one record.',
	description:
		'The users of the brokerage the credential can see, the transaction types, and whether the brokerage has several offices',
	method: 'GET',
	properties: [],
	path: () => '/api/subscribers',
	// The links name each user's listing and sale forms: they carry meaning here.
	keepLinks: true,
	output: recordOutput(SUBSCRIBERS, 'Get subscribers'),
});
