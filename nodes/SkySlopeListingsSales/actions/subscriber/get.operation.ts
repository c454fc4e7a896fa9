import { simpleRequest } from '../../helpers/formDriven';
import { SUBSCRIBERS } from '../../helpers/kinds';
import { recordOutput } from '../../helpers/reads';

export default simpleRequest({
	value: 'get',
	name: 'Get',
	action: 'Get subscribers',
	description:
		'The users of the brokerage the credential can see, the transaction types, and whether the brokerage has several offices',
	method: 'GET',
	properties: [],
	path: () => '/api/subscribers',
	// The links name each user's listing and sale forms: they carry meaning here.
	keepLinks: true,
	output: recordOutput(SUBSCRIBERS, 'Get subscribers'),
});
