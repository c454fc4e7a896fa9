import { simpleRequest } from '../../helpers/formDriven';

export default simpleRequest({
	value: 'checkHealth',
	name: 'Check Health',
	action: 'Check health of service',
	toolDescription:
		'Use to check whether the SkySlope Listings & Sales service is up. Returns healthy: true when it answers as healthy; otherwise the tool call fails, saying what the service answered.',
	description: 'Whether the SkySlope service answers as healthy',
	method: 'GET',
	properties: [],
	path: () => '/api/healthcheck',
	output: (_value, item) => ({ healthy: true, ...item }),
});
