import { simpleRequest } from '../../helpers/formDriven';

export default simpleRequest({
	value: 'checkHealth',
	name: 'Check Health',
	action: 'Check the health of the service',
	description: 'Whether the SkySlope service answers as healthy',
	method: 'GET',
	properties: [],
	path: () => '/api/healthcheck',
	output: (_value, item) => ({ healthy: true, ...item }),
});
