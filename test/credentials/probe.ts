// A node that sends requests through the shared transport with one of the package's real
// credentials, for tests of what the transport makes of n8n's authentication (refusals, renewal).
import type { ICredentialDataDecryptedObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { formsService } from '../../nodes/SkySlope/forms/service';
import { listingsService } from '../../nodes/SkySlope/listingsSales/service';
import { offersService } from '../../nodes/SkySlope/offers/service';
import { apiRequest, type ServiceSpec } from '../../nodes/SkySlope/shared/transport';
import { runNode } from '../../harness/node';
import { testNode } from '../../harness/node/test-node';

export const PROBE_SERVICES = {
	offers: offersService,
	forms: formsService,
	listings: listingsService,
	/** The listings service as n8n 1.x treats it: its preAuthenticationRetryStatusCode ignored, 401 only. */
	listings1x: { ...listingsService, authRetryStatuses: [401] },
} satisfies Record<string, ServiceSpec>;

export type ProbeService = keyof typeof PROBE_SERVICES;

/** One request per input item, one after the other, as the package's nodes do by default. */
const ProbeNode = testNode({
	displayName: 'Credential Probe',
	credentials: [
		{ name: 'skySlopeOffersOAuth2Api', required: false },
		{ name: 'skySlopeFormsOAuth2Api', required: false },
		{ name: 'skySlopeApi', required: false },
	],
	properties: [
		{ displayName: 'Service', name: 'service', type: 'string', default: 'offers' },
		{ displayName: 'Path', name: 'path', type: 'string', default: '/' },
		{ displayName: 'Method', name: 'method', type: 'string', default: 'GET' },
	],
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const out: INodeExecutionData[] = [];
		for (let i = 0; i < this.getInputData().length; i++) {
			const service = PROBE_SERVICES[this.getNodeParameter('service', i) as ProbeService];
			const path = this.getNodeParameter('path', i) as string;
			const method = this.getNodeParameter('method', i) as 'GET' | 'POST';
			const body = await apiRequest.call(this, service, { method, path, body: method === 'POST' ? {} : undefined, itemIndex: i });
			out.push({ json: { body: body as never }, pairedItem: { item: i } });
		}
		return [out];
	},
});

export function probe(
	service: ProbeService,
	path: string,
	credentials: ICredentialDataDecryptedObject,
	options: { method?: 'GET' | 'POST'; items?: number } = {},
) {
	return runNode({
		node: ProbeNode,
		parameters: { service, path, method: options.method ?? 'GET' },
		credentials: { [PROBE_SERVICES[service].credentialType]: credentials },
		input: Array.from({ length: options.items ?? 1 }, (_, i) => ({ json: { i } })),
	});
}
