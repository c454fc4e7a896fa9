import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { resources, services } from './actions';
import { methods } from './methods';
import { actionNodeDescription, executeOperations, operationSubtitle } from './shared';

/**
 * The one action node: every operation of SkySlope Forms, Listings & Sales and Offers, as a Service,
 * its resources and their operations. Each resource's service credential is the only one shown for it.
 */
export class SkySlope implements INodeType {
	description: INodeTypeDescription = {
		...actionNodeDescription(
			{
				name: 'skySlope',
				displayName: 'SkySlope',
				description:
					'Work with SkySlope: Forms files, documents and e-signature; listings, sales and their bulk export; offers',
			},
			services,
		),
		// Written out for the linters that read the source (n8n's single-credential-per-node): one
		// credential per service, each shown for that service's resources only, so exactly one is shown
		// at a time (test/shared/node.test.ts holds these lists to the services' resources). Keyed by
		// resource, not by Service: what runs is the resource's operation, so a workflow written without
		// a Service still signs with the right one. The editor keeps Resource in the panel: n8n adds
		// Custom API Call to it, a value no credential lists (docs/VERIFICATION.md).
		credentials: [
			{
				name: 'skySlopeFormsOAuth2Api',
				required: true,
				displayOptions: {
					show: {
						resource: ['file', 'fileContact', 'document', 'signedDocument', 'envelope', 'template', 'form', 'library', 'tag', 'buyerAgreement', 'collaborator', 'user', 'group'],
					},
				},
			},
			{
				name: 'skySlopeApi',
				required: true,
				displayOptions: { show: { resource: ['listing', 'sale', 'bulkExport', 'office', 'checklistType', 'directoryContact', 'subscriber', 'service'] } },
			},
			{ name: 'skySlopeOffersOAuth2Api', required: true, displayOptions: { show: { resource: ['offer', 'agent', 'report'] } } },
		],
		icon: { light: 'file:skySlope.svg', dark: 'file:skySlope.dark.svg' },
		subtitle: operationSubtitle(resources),
		usableAsTool: true,
	};

	methods = methods;

	execute = executeOperations(resources);
}
