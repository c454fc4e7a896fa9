/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// A workflow whose Service is not its resource's (written by hand, or an old copy): n8n drops the
// Operation that Service does not show, and the node refuses before any request, naming the
// parameter to set. With the right Service the same resource reaches its service.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { SkySlopeApi } from '../../credentials/SkySlopeApi.credentials';
import { SkySlope } from '../../nodes/SkySlope/SkySlope.node';
import { runNode } from '../../harness/node';

let server: Server;
let baseUrl = '';
const requests: string[] = [];

beforeAll(async () => {
	server = createServer((req, res) => {
		requests.push(`${req.method} ${req.url}`);
		res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"not under test"}');
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const run = (service: string) =>
	runNode({
		node: SkySlope,
		parameters: { service, resource: 'service', operation: 'checkHealth' },
		credentialTypes: [SkySlopeApi],
		credentials: { skySlopeApi: { environment: 'custom', customBaseUrl: baseUrl, clientId: 'c', clientSecret: 's', accessKey: 'k', accessSecret: 'x' } },
	});

it('a resource under another Service is refused before any request, naming the parameter "service"', async () => {
	requests.length = 0;
	const result = await run('forms');
	expect(result.error?.message).toBe('The parameter "operation" is not set for the resource "Service Health"');
	expect(result.error?.description).toMatch(/Set the parameter "service" to the service Service Health belongs to/);
	expect(requests).toEqual([]);
});

it('the same resource under its own Service reaches the service', async () => {
	requests.length = 0;
	await run('listingsSales');
	expect(requests.length).toBeGreaterThan(0);
});
